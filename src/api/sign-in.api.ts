import { withTwoFactorErrors } from './auth-errors';
import { callRoute } from './call-route';
import { clearToken, setToken } from '../platform/storage/token-storage';
import type { ForgetPasswordPayload, LoginPayload, ResetPasswordPayload } from './schemas/sign-in.schema';
import { forgetPasswordRoute, loginRoute, logoutRoute, refreshRoute, resetPasswordRoute, simpleLoginRoute } from './schemas/sign-in.routes';

/** POST auth/login → the JWT (the caller stores it). An account with two-factor on rejects with
 * MissingCredentialError: the code is asked for, then auth/2fa/verify signs in. */
export function login(payload: LoginPayload): Promise<string> {
  return withTwoFactorErrors(callRoute(loginRoute, { body: payload, query: {}, expect: 200 }));
}

export function simpleLogin(payload: LoginPayload): Promise<string> {
  return withTwoFactorErrors(callRoute(simpleLoginRoute, { body: payload, query: {}, expect: 200 }));
}

/** Dry-run login: resolves when the credentials are right, issues no token (re-authentication). */
export function checkCredentials(payload: LoginPayload): Promise<void> {
  return callRoute(loginRoute, { body: payload, query: { dry_run: '1' }, expect: 204 });
}

/** A new token for the same session. SPEC §4: a refresh replaces the stored token, and a failed
 * refresh removes it. */
export async function refreshToken(): Promise<string> {
  try {
    const token = await callRoute(refreshRoute);
    setToken(token);
    return token;
  } catch (error) {
    clearToken();
    throw error;
  }
}

/** Revokes the session on the server; clearing the browser side is the logout page's job. */
export function logout(): Promise<void> {
  return callRoute(logoutRoute);
}

/** Answers the server's (translated) text, the same whether or not the account matched. */
export function forgetPassword(payload: ForgetPasswordPayload): Promise<string> {
  return callRoute(forgetPasswordRoute, { body: payload });
}

/** POST auth/reset_password with the emailed single-use token → 204; every session ends. */
export function resetPassword(payload: ResetPasswordPayload): Promise<void> {
  return callRoute(resetPasswordRoute, { body: payload });
}
