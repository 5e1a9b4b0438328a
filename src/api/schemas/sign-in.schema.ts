import { z } from 'zod/mini';
import { text } from './bounds.schema';
import { contentRefSchema } from './content-ref.schema';
import { passwordSchema } from './password.schema';

export const externalIdSchema = text({ error: 'validation:agent_code_required' }).check(
  z.trim(),
  z.minLength(1, { error: 'validation:agent_code_required' }),
  z.maxLength(64, { error: 'validation:agent_code_invalid' }),
);

/** POST /auth/login, /auth/simple_login, /auth/login?dry_run=1. The password is checked only
 * for presence here: an existing password that predates a rule must still sign in. */
export const loginPayloadSchema = z.object({
  external_id: externalIdSchema,
  password: text({ error: 'validation:password_required' }).check(
    z.minLength(1, { error: 'validation:password_required' }),
    z.maxLength(256, { error: 'validation:password_length' }),
  ),
});
export type LoginPayload = z.infer<typeof loginPayloadSchema>;

/** With dry_run=1 and a bearer token, the check is recorded as identity-check evidence, with the
 * course and item the learner was viewing when known. */
export const loginQuerySchema = z.object({
  dry_run: z.optional(z.enum(['0', '1'])),
  course_id: z.optional(contentRefSchema),
  item_id: z.optional(contentRefSchema),
});

/** The login, refresh and two-factor calls answer the JWT as plain text. */
export const tokenTextSchema = z.string().check(z.regex(/^[\w-]+\.[\w-]+\.[\w-]+$/));

/** Claims the client reads from the token (SPEC §3). */
export const tokenClaimsSchema = z.object({
  sub: z.string(),
  iat: z.optional(z.number()),
  exp: z.optional(z.number()),
  nbf: z.optional(z.number()),
  g2fa: z.optional(z.boolean()),
  jti: z.optional(z.string()),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;

// Trimmed before the format check: an address pasted with a trailing space is still valid.
export const emailSchema = text({ error: 'validation:email_invalid' }).check(
  z.trim(),
  z.email({ error: 'validation:email_invalid' }),
  z.maxLength(254, { error: 'validation:email_invalid' }),
);

/** POST /auth/forget_password: the agent code and the email on record must match. */
export const forgetPasswordPayloadSchema = z.object({
  external_id: externalIdSchema,
  email: emailSchema,
});
export type ForgetPasswordPayload = z.infer<typeof forgetPasswordPayloadSchema>;
/** The forget-password call answers a human-readable text. */
export const forgetPasswordResponseSchema = z.string();

/** POST /auth/reset_password: the single-use token from the forgot-password email and the new password. */
export const resetPasswordPayloadSchema = z
  .object({
    token: text({ error: 'validation:reset_token_required' }).check(
      z.trim(),
      z.minLength(1, { error: 'validation:reset_token_required' }),
      z.maxLength(256, { error: 'validation:reset_token_required' }),
    ),
    new_password: passwordSchema,
    confirm_password: text({ error: 'validation:password_required' }).check(z.minLength(1, { error: 'validation:password_required' })),
  })
  .check(
    z.refine((v) => v.new_password === v.confirm_password, {
      error: 'validation:password_not_match',
      path: ['confirm_password'],
    }),
  );
export type ResetPasswordPayload = z.infer<typeof resetPasswordPayloadSchema>;
