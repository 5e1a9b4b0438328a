import { afterEach, describe, expect, it, vi } from 'vitest';
import { login, resetPassword } from './sign-in.api';
import { MissingCredentialError, NotAuthenticatedError, isNotAuthenticated } from './auth-errors';
import { ApiRequestError } from './http';
import { json, stubFetch, text, tokenFor } from './test-helpers';
import { activateTwoFactor, completeTwoFactor, deactivateTwoFactor, getTwoFactorInfo, verifyTwoFactor } from './two-factor.api';
import { getToken } from '../platform/storage/token-storage';

afterEach(() => vi.unstubAllGlobals());

const activation = { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/x', qr_svg: '<svg/>' };

describe('two-factor calls', () => {
  it('info, activate, complete, verify and deactivate use their paths and parse their answers', async () => {
    const token = tokenFor('1', 600, { g2fa: true });
    const net = stubFetch((r) => {
      const path = new URL(r.url).pathname;
      if (path === '/api/auth/2fa/info') return json({ enabled: true, pending: false, required: false });
      if (path === '/api/auth/2fa/activate') return json(activation);
      return text(token);
    });
    await expect(getTwoFactorInfo()).resolves.toEqual({ enabled: true, pending: false, required: false });
    await expect(activateTwoFactor({ external_id: 'agent01', password: 'Learner2026' })).resolves.toEqual(activation);
    expect(JSON.parse(net.lastBody() ?? '')).toEqual({ external_id: 'agent01', password: 'Learner2026' });
    await expect(completeTwoFactor({ one_time_password: '123456' })).resolves.toBe(token);
    await expect(verifyTwoFactor({ external_id: 'agent2fa', password: 'Secure2026', one_time_password: '123456' })).resolves.toBe(token);
    await expect(deactivateTwoFactor({ password: 'Learner2026' })).resolves.toBe(token);
    expect(JSON.parse(net.lastBody() ?? '')).toEqual({ password: 'Learner2026' });
    expect(net.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'GET /api/auth/2fa/info',
      'POST /api/auth/2fa/activate',
      'POST /api/auth/2fa/complete',
      'POST /api/auth/2fa/verify',
      'DELETE /api/auth/2fa/deactivate',
    ]);
    // Storing a token is the flow's decision, not the call's.
    expect(getToken()).toBeNull();
  });

  it('login answering 403 MissingCredential rejects with MissingCredentialError (server message kept)', async () => {
    stubFetch(() => json({ status_code: 403, message: 'Enter the 6-digit code from your authenticator app.', code: 'MissingCredential' }, 403));
    const error = await login({ external_id: 'agent2fa', password: 'Secure2026' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingCredentialError);
    expect((error as MissingCredentialError).message).toBe('Enter the 6-digit code from your authenticator app.');
  });

  it('403 NotAuthenticated rejects with NotAuthenticatedError; other errors stay as they are', async () => {
    stubFetch(() => json({ status_code: 403, message: 'Please complete two-factor authentication first.', code: 'NotAuthenticated' }, 403));
    const error = await deactivateTwoFactor({ one_time_password: '123456' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotAuthenticatedError);
    expect(isNotAuthenticated(error)).toBe(true);
    expect(isNotAuthenticated(new ApiRequestError(403, { status_code: 403, message: 'x', code: 'NotAuthenticated' }, 'x'))).toBe(true);

    stubFetch(() => json({ status_code: 403, message: 'Forbidden' }, 403));
    const other = await deactivateTwoFactor({ one_time_password: '123456' }).catch((e: unknown) => e);
    expect(other).toBeInstanceOf(ApiRequestError);
    expect(other).not.toBeInstanceOf(NotAuthenticatedError);
    expect(isNotAuthenticated(other)).toBe(false);
  });

  it('resetPassword posts the token and the new password, answered by 204', async () => {
    const net = stubFetch(() => new Response(null, { status: 204 }));
    const payload = { token: 'abc', new_password: 'Fresh2026x', confirm_password: 'Fresh2026x' };
    await expect(resetPassword(payload)).resolves.toBeUndefined();
    expect(net.last().url).toBe(`${location.origin}/api/auth/reset_password`);
    expect(JSON.parse(net.lastBody() ?? '')).toEqual(payload);
  });
});
