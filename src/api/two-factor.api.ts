import { withTwoFactorErrors } from './auth-errors';
import { callRoute } from './call-route';
import type {
  TwoFactorActivatePayload,
  TwoFactorActivation,
  TwoFactorCompletePayload,
  TwoFactorDeactivatePayload,
  TwoFactorInfo,
  TwoFactorVerifyPayload,
} from './schemas/two-factor.schema';
import { activateTwoFactorRoute, completeTwoFactorRoute, deactivateTwoFactorRoute, getTwoFactorInfoRoute, verifyTwoFactorRoute } from './schemas/two-factor.routes';

// SPEC §7 two-factor calls. Tokens are answered, never stored here: storing is the flow's decision.
// Failures with a two-factor code reject as MissingCredentialError / NotAuthenticatedError.

/** GET auth/2fa/info: whether two-factor is on, pending, and required by the app. */
export function getTwoFactorInfo(): Promise<TwoFactorInfo> {
  return withTwoFactorErrors(callRoute(getTwoFactorInfoRoute));
}

/** POST auth/2fa/activate: a new pending secret (text, otpauth URL, SVG QR code). */
export function activateTwoFactor(payload: TwoFactorActivatePayload): Promise<TwoFactorActivation> {
  return withTwoFactorErrors(callRoute(activateTwoFactorRoute, { body: payload }));
}

/** POST auth/2fa/complete: the first code turns two-factor on; answers a token with g2fa. */
export function completeTwoFactor(payload: TwoFactorCompletePayload): Promise<string> {
  return withTwoFactorErrors(callRoute(completeTwoFactorRoute, { body: payload }));
}

/** POST auth/2fa/verify: sign-in with agent code, password and code; answers a token with g2fa. */
export function verifyTwoFactor(payload: TwoFactorVerifyPayload): Promise<string> {
  return withTwoFactorErrors(callRoute(verifyTwoFactorRoute, { body: payload }));
}

/** DELETE auth/2fa/deactivate with the password or a current code: two-factor off; answers a token without g2fa (then sign out). */
export function deactivateTwoFactor(payload: TwoFactorDeactivatePayload): Promise<string> {
  return withTwoFactorErrors(callRoute(deactivateTwoFactorRoute, { body: payload }));
}
