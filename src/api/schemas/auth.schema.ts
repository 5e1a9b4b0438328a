import { z } from 'zod';

export const externalIdSchema = z
  .string({ error: 'validation:agent_code_required' })
  .trim()
  .min(1, { error: 'validation:agent_code_required' })
  .max(64, { error: 'validation:agent_code_invalid' });

/** POST /auth/login, /auth/simple_login, /auth/login?dry_run=1. The password is checked only
 * for presence here: an existing password that predates a rule must still sign in. */
export const loginPayloadSchema = z.object({
  external_id: externalIdSchema,
  password: z
    .string({ error: 'validation:password_required' })
    .min(1, { error: 'validation:password_required' })
    .max(256, { error: 'validation:password_length' }),
});
export type LoginPayload = z.infer<typeof loginPayloadSchema>;

export const loginQuerySchema = z.object({
  dry_run: z.enum(['0', '1']).optional(),
});

/** The login, refresh and two-factor calls answer the JWT as plain text. */
export const tokenTextSchema = z.string().regex(/^[\w-]+\.[\w-]+\.[\w-]+$/);

/** Claims the client reads from the token (SPEC §3). */
export const tokenClaimsSchema = z.object({
  sub: z.string(),
  iat: z.number().optional(),
  exp: z.number().optional(),
  nbf: z.number().optional(),
  g2fa: z.boolean().optional(),
  jti: z.string().optional(),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;

export const emailSchema = z
  .string({ error: 'validation:email_invalid' })
  .trim()
  .email({ error: 'validation:email_invalid' })
  .max(254, { error: 'validation:email_invalid' });

/** POST /auth/forget_password: the agent code and the email on record must match. */
export const forgetPasswordPayloadSchema = z.object({
  external_id: externalIdSchema,
  email: emailSchema,
});
export type ForgetPasswordPayload = z.infer<typeof forgetPasswordPayloadSchema>;
/** The forget-password call answers a human-readable text. */
export const forgetPasswordResponseSchema = z.string();
