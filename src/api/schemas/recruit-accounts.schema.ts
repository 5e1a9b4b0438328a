import { z } from 'zod/mini';
import { text } from './bounds.schema';
import { emailSchema } from './sign-in.schema';

// Issue 14, SPEC §3 pre-recruit account form and §5: a manager creates a pre-recruit or recruit account.

export const RECRUIT_KINDS = ['pre_recruit', 'recruit'] as const;
export type RecruitKind = (typeof RECRUIT_KINDS)[number];

/** English letters and spaces only (SPEC §5). */
const ENGLISH_NAME = /^[A-Za-z ]*$/;
export const NAME_MAX_LENGTH = 100;

const namePart = (required: string) =>
  text({ error: required }).check(
    z.trim(),
    z.minLength(1, { error: required }),
    z.maxLength(NAME_MAX_LENGTH, { error: 'validation:recruit_name_rules' }),
    z.regex(ENGLISH_NAME, { error: 'validation:recruit_name_rules' }),
  );

/** The full name as stored: surname then given name, single spaces. */
export const recruitFullName = (surname: string, givenName: string) => `${surname} ${givenName}`.trim().split(/\s+/).join(' ');

export const createRecruitPayloadSchema = z
  .object({
    surname: namePart('validation:recruit_surname_required'),
    given_name: namePart('validation:recruit_given_name_required'),
    email: emailSchema,
    manager_code: text({ error: 'validation:manager_code_required' }).check(
      z.trim(),
      z.minLength(1, { error: 'validation:manager_code_required' }),
      z.maxLength(64, { error: 'validation:manager_not_found' }),
    ),
    kind: z.enum(RECRUIT_KINDS, { error: 'validation:recruit_kind_required' }),
  })
  .check(
    // At least two words in all (SPEC §5): "Chan" + "Tai Man" is three; a name must not be one word.
    z.refine((v) => recruitFullName(v.surname, v.given_name).split(' ').length >= 2, { error: 'validation:recruit_name_rules', path: ['given_name'] }),
  );
export type CreateRecruitPayload = z.input<typeof createRecruitPayloadSchema>;

export const recruitAccountSchema = z.object({
  id: z.string(),
  external_id: z.string(),
  name: z.string(),
  email: z.string(),
  kind: z.enum(RECRUIT_KINDS),
  upline: z.object({ external_id: z.string(), name: z.string(), manager_id: z.string() }),
});
export type RecruitAccount = z.infer<typeof recruitAccountSchema>;
