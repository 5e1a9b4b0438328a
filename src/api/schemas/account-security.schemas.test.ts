import { describe, expect, it } from 'vitest';
import { demoAppConfig, specDefaultAppConfig } from '../../config/app-config.defaults';
import { appConfigSchema } from './app-config.schema';
import { loginQuerySchema, resetPasswordPayloadSchema } from './sign-in.schema';
import { apiErrorSchema } from './error.schema';
import { auditIdentityChecksQuerySchema } from './identity-checks.audit.schema';
import { identityCheckSchema, identityChecksQuerySchema } from './identity-checks.schema';
import { otpFormSchema, oneTimePasswordSchema, twoFactorCheckPayloadSchema, twoFactorVerifyPayloadSchema } from './two-factor.schema';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? null : result.error!.issues[0].message);

describe('account-security contract (zod/mini)', () => {
  it('reads a one-time code: 6 digits, spaces dropped, each problem with its message key', () => {
    expect(oneTimePasswordSchema.parse('123 456')).toBe('123456');
    expect(firstMessage(oneTimePasswordSchema.safeParse(''))).toBe('validation:otp_required');
    expect(firstMessage(oneTimePasswordSchema.safeParse(123456))).toBe('validation:otp_required');
    expect(firstMessage(oneTimePasswordSchema.safeParse('12345'))).toBe('validation:otp_invalid');
    expect(firstMessage(oneTimePasswordSchema.safeParse('12345a'))).toBe('validation:otp_invalid');
    expect(firstMessage(oneTimePasswordSchema.safeParse('1234567'))).toBe('validation:otp_invalid');
    // The modal's form only requires a value (SPEC §5: no length check shown).
    expect(otpFormSchema.safeParse({ otp: '12' }).success).toBe(true);
    expect(firstMessage(otpFormSchema.safeParse({ otp: ' ' }))).toBe('validation:otp_required');
  });

  it('reads the two-factor payloads', () => {
    expect(twoFactorVerifyPayloadSchema.parse({ external_id: ' agent2fa ', password: 'Secure2026', one_time_password: '000111' })).toEqual({
      external_id: 'agent2fa',
      password: 'Secure2026',
      one_time_password: '000111',
    });
    expect(twoFactorCheckPayloadSchema.parse({ one_time_password: '000111', course_id: '12', item_id: 'a-7' })).toMatchObject({ course_id: '12', item_id: 'a-7' });
    expect(firstMessage(twoFactorCheckPayloadSchema.safeParse({ one_time_password: '000111', course_id: '1 2' }))).toBe('validation:id_invalid');
    expect(loginQuerySchema.parse({ dry_run: '1', course_id: '5', item_id: '6' })).toEqual({ dry_run: '1', course_id: '5', item_id: '6' });
  });

  it('holds the reset payload to the password rules, then the match', () => {
    const ok = { token: 'abc', new_password: 'Harbour88Vw', confirm_password: 'Harbour88Vw' };
    expect(resetPasswordPayloadSchema.parse({ ...ok, token: ' abc ' })).toEqual(ok);
    expect(firstMessage(resetPasswordPayloadSchema.safeParse({ ...ok, token: '' }))).toBe('validation:reset_token_required');
    expect(firstMessage(resetPasswordPayloadSchema.safeParse({ ...ok, new_password: 'short', confirm_password: 'short' }))).toBe('validation:password_length');
    expect(firstMessage(resetPasswordPayloadSchema.safeParse({ ...ok, confirm_password: 'Harbour88Vx' }))).toBe('validation:password_not_match');
  });

  it('reads identity-check queries and items', () => {
    expect(identityChecksQuerySchema.parse({})).toEqual({ page: 1, per_page: 20 });
    expect(firstMessage(identityChecksQuerySchema.safeParse({ per_page: '500' }))).toBe('validation:page_invalid');
    expect(auditIdentityChecksQuerySchema.parse({ external_id: ' agent01 ', from: '2030-01-01', to: '2030-01-02T00:00:00+08:00' })).toEqual({
      external_id: 'agent01',
      from: '2030-01-01',
      to: '2030-01-02T00:00:00+08:00',
      page: 1,
      per_page: 20,
    });
    expect(firstMessage(auditIdentityChecksQuerySchema.safeParse({ from: '01/02/2030' }))).toBe('validation:date_invalid');
    const item = { id: '1', type: 'password', outcome: 'success', course_id: null, item_id: '3', created_at: '2030-01-01T00:00:00.000Z' };
    expect(identityCheckSchema.parse(item)).toEqual(item);
    expect(identityCheckSchema.safeParse({ ...item, type: 'face' }).success).toBe(false);
  });

  it('carries an optional machine-readable error code, any text', () => {
    expect(apiErrorSchema.parse({ status_code: 403, message: 'x', code: 'MissingCredential' })).toEqual({ status_code: 403, message: 'x', code: 'MissingCredential' });
    expect(apiErrorSchema.parse({ status_code: 400, message: 'x' })).toEqual({ status_code: 400, message: 'x' });
    expect(apiErrorSchema.safeParse({ status_code: 429, message: 'x', code: 'SomethingNew' }).success).toBe(true);
  });

  it('has continualAuthentication with its unit in both configurations', () => {
    expect(appConfigSchema.parse(demoAppConfig).appEnabledFunction.continualAuthentication).toEqual({ enabled: true, min: 15, max: 30, unitSeconds: 60 });
    expect(specDefaultAppConfig.appEnabledFunction.continualAuthentication.enabled).toBe(false);
  });
});
