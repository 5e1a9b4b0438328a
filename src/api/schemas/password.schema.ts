import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../config/constants';

// Messages are i18n keys (namespace "validation"); the browser translates them with t(),
// the server translates them with its own catalogue before answering.
export const passwordSchema = z
  .string({ error: 'validation:password_required' })
  .min(1, { error: 'validation:password_required' })
  .min(PASSWORD_MIN_LENGTH, { error: 'validation:password_length' })
  .max(PASSWORD_MAX_LENGTH, { error: 'validation:password_length' })
  .regex(/[A-Z]/, { error: 'validation:password_uppercase' })
  .regex(/[a-z]/, { error: 'validation:password_lowercase' });

export const changePasswordSchema = z
  .object({
    old_password: z.string({ error: 'validation:password_required' }).min(1, { error: 'validation:password_required' }),
    new_password: passwordSchema,
    confirm_password: z.string({ error: 'validation:password_required' }).min(1, { error: 'validation:password_required' }),
  })
  .refine((v) => v.new_password === v.confirm_password, {
    error: 'validation:password_not_match',
    path: ['confirm_password'],
  });
export type ChangePasswordPayload = z.infer<typeof changePasswordSchema>;
