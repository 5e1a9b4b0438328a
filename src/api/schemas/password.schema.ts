import { z } from 'zod/mini';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../config/constants';
import { text } from './bounds.schema';

// Messages are i18n keys (namespace "validation"); the browser translates them with t(),
// the server translates them with its own catalogue before answering.
export const passwordSchema = text({ error: 'validation:password_required' }).check(
  z.minLength(1, { error: 'validation:password_required' }),
  z.minLength(PASSWORD_MIN_LENGTH, { error: 'validation:password_length' }),
  z.maxLength(PASSWORD_MAX_LENGTH, { error: 'validation:password_length' }),
  z.regex(/[A-Z]/, { error: 'validation:password_uppercase' }),
  z.regex(/[a-z]/, { error: 'validation:password_lowercase' }),
);

const requiredPassword = () =>
  text({ error: 'validation:password_required' }).check(z.minLength(1, { error: 'validation:password_required' }));

export const changePasswordSchema = z
  .object({
    old_password: requiredPassword(),
    new_password: passwordSchema,
    confirm_password: requiredPassword(),
  })
  .check(
    z.refine((v) => v.new_password === v.confirm_password, {
      error: 'validation:password_not_match',
      path: ['confirm_password'],
    }),
  );
export type ChangePasswordPayload = z.infer<typeof changePasswordSchema>;
