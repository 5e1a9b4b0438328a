import { withTwoFactorErrors } from './auth-errors';
import { http } from './http';
import { expectEmpty, parseText } from './parse';
import { clearToken, setToken } from './token-storage';
import {
  forgetPasswordResponseSchema,
  tokenTextSchema,
  type ForgetPasswordPayload,
  type LoginPayload,
  type ResetPasswordPayload,
} from './schemas/sign-in.schema';

/** POST auth/login → the JWT (the caller stores it). An account with two-factor on rejects with
 * MissingCredentialError: the code is asked for, then auth/2fa/verify signs in. */
export function login(payload: LoginPayload): Promise<string> {
  return withTwoFactorErrors(parseText(tokenTextSchema, http.post('auth/login', { json: payload })));
}

export function simpleLogin(payload: LoginPayload): Promise<string> {
  return withTwoFactorErrors(parseText(tokenTextSchema, http.post('auth/simple_login', { json: payload })));
}

/** Dry-run login: resolves when the credentials are right, issues no token (re-authentication). */
export function checkCredentials(payload: LoginPayload): Promise<void> {
  return expectEmpty(http.post('auth/login', { json: payload, searchParams: { dry_run: '1' } }));
}

/** A new token for the same session. SPEC §4: a refresh replaces the stored token, and a failed
 * refresh removes it. */
export async function refreshToken(): Promise<string> {
  try {
    const token = await parseText(tokenTextSchema, http.post('auth/refresh'));
    setToken(token);
    return token;
  } catch (error) {
    clearToken();
    throw error;
  }
}

/** Revokes the session on the server; clearing the browser side is the logout page's job. */
export function logout(): Promise<void> {
  return expectEmpty(http.post('auth/logout'));
}

/** Answers the server's (translated) text, the same whether or not the account matched. */
export function forgetPassword(payload: ForgetPasswordPayload): Promise<string> {
  return parseText(forgetPasswordResponseSchema, http.post('auth/forget_password', { json: payload }));
}

/** POST auth/reset_password with the emailed single-use token → 204; every session ends. */
export function resetPassword(payload: ResetPasswordPayload): Promise<void> {
  return expectEmpty(http.post('auth/reset_password', { json: payload }));
}
