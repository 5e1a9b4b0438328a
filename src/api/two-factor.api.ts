import { withTwoFactorErrors } from './auth-errors';
import { http } from './http';
import { parseJson, parseText } from './parse';
import { tokenTextSchema } from './schemas/sign-in.schema';
import {
  twoFactorActivationSchema,
  twoFactorInfoSchema,
  type TwoFactorActivatePayload,
  type TwoFactorActivation,
  type TwoFactorCompletePayload,
  type TwoFactorDeactivatePayload,
  type TwoFactorInfo,
  type TwoFactorVerifyPayload,
} from './schemas/two-factor.schema';

// SPEC §7 two-factor calls. Tokens are answered, never stored here: storing is the flow's decision.
// Failures with a two-factor code reject as MissingCredentialError / NotAuthenticatedError.

/** GET auth/2fa/info: whether two-factor is on, pending, and required by the app. */
export function getTwoFactorInfo(): Promise<TwoFactorInfo> {
  return withTwoFactorErrors(parseJson(twoFactorInfoSchema, http.get('auth/2fa/info')));
}

/** POST auth/2fa/activate: a new pending secret (text, otpauth URL, SVG QR code). */
export function activateTwoFactor(payload: TwoFactorActivatePayload): Promise<TwoFactorActivation> {
  return withTwoFactorErrors(parseJson(twoFactorActivationSchema, http.post('auth/2fa/activate', { json: payload })));
}

/** POST auth/2fa/complete: the first code turns two-factor on; answers a token with g2fa. */
export function completeTwoFactor(payload: TwoFactorCompletePayload): Promise<string> {
  return withTwoFactorErrors(parseText(tokenTextSchema, http.post('auth/2fa/complete', { json: payload })));
}

/** POST auth/2fa/verify: sign-in with agent code, password and code; answers a token with g2fa. */
export function verifyTwoFactor(payload: TwoFactorVerifyPayload): Promise<string> {
  return withTwoFactorErrors(parseText(tokenTextSchema, http.post('auth/2fa/verify', { json: payload })));
}

/** DELETE auth/2fa/deactivate with the password or a current code: two-factor off; answers a token without g2fa (then sign out). */
export function deactivateTwoFactor(payload: TwoFactorDeactivatePayload): Promise<string> {
  return withTwoFactorErrors(parseText(tokenTextSchema, http.delete('auth/2fa/deactivate', { json: payload })));
}
