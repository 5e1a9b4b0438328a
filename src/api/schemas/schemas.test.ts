import { describe, expect, it } from 'vitest';
import { specDefaultAppConfig } from '../../config/app-config.defaults';
import { appConfigSchema } from './app-config.schema';
import { emailSchema, externalIdSchema, loginQuerySchema, tokenClaimsSchema, tokenTextSchema } from './sign-in.schema';
import { apiErrorSchema } from './error.schema';
import { changePasswordSchema, passwordSchema } from './password.schema';
import { currentUserSchema, findUsersQuerySchema, userIdParamSchema } from './users.schema';

// The contract in zod/mini: each check's order and message key is behaviour the forms and the
// server rely on (the server answers the first issue's message).
const firstMessage = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.success ? null : result.error!.issues[0].message;

describe('contract schemas (zod/mini)', () => {
  it('trims the agent code and the email before checking them', () => {
    expect(externalIdSchema.parse('  agent01 ')).toBe('agent01');
    expect(firstMessage(externalIdSchema.safeParse('   '))).toBe('validation:agent_code_required');
    expect(firstMessage(externalIdSchema.safeParse(` ${'a'.repeat(64)} `))).toBeNull();
    expect(firstMessage(externalIdSchema.safeParse('a'.repeat(65)))).toBe('validation:agent_code_invalid');
    expect(firstMessage(externalIdSchema.safeParse(7))).toBe('validation:agent_code_required');
    expect(emailSchema.parse(' agent01@agent-academy.test ')).toBe('agent01@agent-academy.test');
    expect(firstMessage(emailSchema.safeParse('agent01@'))).toBe('validation:email_invalid');
    expect(firstMessage(emailSchema.safeParse(`${'a'.repeat(250)}@x.test`))).toBe('validation:email_invalid');
  });

  it('checks a new password in order: present, length, upper case, lower case', () => {
    expect(firstMessage(passwordSchema.safeParse(''))).toBe('validation:password_required');
    expect(firstMessage(passwordSchema.safeParse('abc'))).toBe('validation:password_length');
    expect(firstMessage(passwordSchema.safeParse('Abcdefghijklm'))).toBe('validation:password_length');
    expect(firstMessage(passwordSchema.safeParse('abcdefgh1'))).toBe('validation:password_uppercase');
    expect(firstMessage(passwordSchema.safeParse('ABCDEFGH1'))).toBe('validation:password_lowercase');
    expect(passwordSchema.parse('Harbour88Vw')).toBe('Harbour88Vw');
  });

  it('reports a confirmation that differs on confirm_password', () => {
    const result = changePasswordSchema.safeParse({ old_password: 'x', new_password: 'Harbour88Vw', confirm_password: 'Harbour88Vx' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path, i.message])).toEqual([[['confirm_password'], 'validation:password_not_match']]);
    expect(changePasswordSchema.safeParse({ old_password: 'x', new_password: 'Harbour88Vw', confirm_password: 'Harbour88Vw' }).success).toBe(true);
  });

  it('reads query values as text: coerced, defaulted, bounded', () => {
    expect(findUsersQuerySchema.parse({ name: ' kit ' })).toEqual({ name: 'kit', page: 1, per_page: 20 });
    expect(findUsersQuerySchema.parse({ name: 'a', page: '3', per_page: '100' })).toEqual({ name: 'a', page: 3, per_page: 100 });
    for (const bad of [{ page: '0' }, { page: '1.5' }, { per_page: '101' }, { per_page: 'abc' }]) {
      expect(findUsersQuerySchema.safeParse({ name: 'a', ...bad }).success).toBe(false);
    }
    expect(firstMessage(findUsersQuerySchema.safeParse({ name: 'x'.repeat(101) }))).toBe('validation:name_too_long');
    expect(firstMessage(userIdParamSchema.safeParse({ id: '1234567890123456789' }))).toBe('validation:id_invalid');
    expect(loginQuerySchema.parse({})).toEqual({});
    expect(loginQuerySchema.safeParse({ dry_run: 'yes' }).success).toBe(false);
  });

  it('holds answers to the contract', () => {
    expect(appConfigSchema.parse(specDefaultAppConfig)).toEqual(specDefaultAppConfig);
    expect(apiErrorSchema.safeParse({ status_code: 400.5, message: 'x' }).success).toBe(false);
    expect(tokenTextSchema.safeParse('a.b.c').success).toBe(true);
    expect(tokenTextSchema.safeParse('a.b').success).toBe(false);
    expect(tokenClaimsSchema.parse({ sub: '2', exp: 1, extra: true })).toEqual({ sub: '2', exp: 1 });
    const user = { id: '1', external_id: 'a', name: 'A', icon_url: '/i', cover_url: '/c', manager_id: null, is_manager: false, is_recruit: false, is_auditor: false, unread_notifications_count: 0, password_reset: true, welcome_due: false };
    expect(currentUserSchema.parse(user)).toEqual(user);
    expect(currentUserSchema.safeParse({ ...user, unread_notifications_count: -1 }).success).toBe(false);
    expect(currentUserSchema.safeParse({ ...user, manager_id: undefined }).success).toBe(false);
  });
});
