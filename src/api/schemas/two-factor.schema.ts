import { z } from 'zod/mini';
import { OTP_LENGTH } from '../../config/constants';
import { text } from './bounds.schema';
import { externalIdSchema, loginPayloadSchema } from './sign-in.schema';
import { contentRefSchema } from './content-ref.schema';

// Two-factor sign-in (SPEC §3 two-factor payloads, §4 Two-factor, §7): RFC 6238 codes of 6 digits.

/** A one-time code from the authenticator app; spaces are dropped (apps show "123 456"). */
export const oneTimePasswordSchema = text({ error: 'validation:otp_required' }).check(
  z.overwrite((v) => v.replace(/\s+/g, '')),
  z.minLength(1, { error: 'validation:otp_required' }),
  z.regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), { error: 'validation:otp_invalid' }),
);

/** GET /auth/2fa/info. */
export const twoFactorInfoSchema = z.object({
  /** Two-factor is on for this account: sign-in needs a code. */
  enabled: z.boolean(),
  /** An activation was requested and awaits its first code (2fa/complete). */
  pending: z.boolean(),
  /** The app configuration requires two-factor before any page opens (twoFactorRequired). */
  required: z.boolean(),
});
export type TwoFactorInfo = z.infer<typeof twoFactorInfoSchema>;

/** POST /auth/2fa/activate: the signed-in user's own agent code and password. */
export const twoFactorActivatePayloadSchema = loginPayloadSchema;
export type TwoFactorActivatePayload = z.infer<typeof twoFactorActivatePayloadSchema>;

/** The new, pending secret: as text for typing into an app, as a URL and as a QR code (SVG markup). */
export const twoFactorActivationSchema = z.object({
  /** Base32. */
  secret: z.string(),
  otpauth_url: z.string(),
  qr_svg: z.string(),
});
export type TwoFactorActivation = z.infer<typeof twoFactorActivationSchema>;

/** POST /auth/2fa/complete: the first code from the app proves it holds the pending secret. */
export const twoFactorCompletePayloadSchema = z.object({
  one_time_password: oneTimePasswordSchema,
});
export type TwoFactorCompletePayload = z.infer<typeof twoFactorCompletePayloadSchema>;

/** POST /auth/2fa/verify: sign-in with the second factor (a new session whose token has g2fa). */
export const twoFactorVerifyPayloadSchema = z.object({
  external_id: externalIdSchema,
  password: loginPayloadSchema.shape.password,
  one_time_password: oneTimePasswordSchema,
});
export type TwoFactorVerifyPayload = z.infer<typeof twoFactorVerifyPayloadSchema>;

/**
 * DELETE /auth/2fa/deactivate: proof that the owner is at the keyboard (OWASP ASVS 7.5.1), not
 * just someone at a signed-in browser: the password or a current code from the app.
 */
export const twoFactorDeactivatePayloadSchema = z
  .object({
    password: z.optional(loginPayloadSchema.shape.password),
    one_time_password: z.optional(oneTimePasswordSchema),
  })
  .check(
    z.refine((v) => v.password !== undefined || v.one_time_password !== undefined, {
      error: 'validation:deactivate_proof_required',
    }),
  );
export type TwoFactorDeactivatePayload = z.infer<typeof twoFactorDeactivatePayloadSchema>;

/** The deactivation dialog's one field: the password, or a 6-digit code (a password never is one: SPEC §5). */
export const deactivationProofFormSchema = z.object({
  proof: z.string({ error: 'validation:deactivate_proof_required' }).check(z.minLength(1, { error: 'validation:deactivate_proof_required' })),
});
export type DeactivationProofForm = z.infer<typeof deactivationProofFormSchema>;

/** What the dialog's field means: six digits (spaces dropped) are a code, anything else the password. */
export function deactivationPayload(proof: string): TwoFactorDeactivatePayload {
  const digits = proof.replace(/\s+/g, '');
  return new RegExp(`^\\d{${OTP_LENGTH}}$`).test(digits) ? { one_time_password: digits } : { password: proof };
}

/** POST /auth/2fa/check: the authenticator variant of the continual-authentication prompt. */
export const twoFactorCheckPayloadSchema = z.object({
  one_time_password: oneTimePasswordSchema,
  course_id: z.optional(contentRefSchema),
  item_id: z.optional(contentRefSchema),
});
export type TwoFactorCheckPayload = z.infer<typeof twoFactorCheckPayloadSchema>;

/** SPEC §3: the in-modal one-time code form has a single required field, otp (no length check). */
export const otpFormSchema = z.object({
  otp: text({ error: 'validation:otp_required' }).check(z.trim(), z.minLength(1, { error: 'validation:otp_required' })),
});
export type OtpForm = z.infer<typeof otpFormSchema>;
