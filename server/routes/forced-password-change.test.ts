import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER } from '../../src/config/constants';
import { createTestContext, type TestContext } from '../test-support';

// SPEC §4: a user whose password_reset is false must change the password first. The server
// enforces it (issue 11 §3): such a session may only do what changing the password needs.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const PASSWORD_CHANGE_REQUIRED = {
  status_code: 403,
  message: 'Please change your initial password before you continue.',
  code: 'PasswordChangeRequired',
};
const changePassword = (token: string, old_password: string, new_password: string, headers: Record<string, string> = {}) =>
  ctx.request('/api/users/current/password', { method: 'PUT', token, json: { old_password, new_password, confirm_password: new_password }, headers });

describe('a user who must change the initial password (newjoiner01)', () => {
  it('is refused everything else (403 PasswordChangeRequired, translated), then let through once it is changed', async () => {
    const token = await ctx.login('newjoiner01', 'Joiner2026');
    const refused = [
      ['GET', '/api/courses'],
      ['GET', '/api/courses/mine'],
      ['GET', '/api/courses/1'],
      ['POST', '/api/courses/1/enrol'],
      ['GET', '/api/news'],
      ['GET', '/api/materials'],
      ['GET', '/api/users/find?name=agent'],
      ['GET', '/api/users/1'],
      ['GET', '/api/identity-checks'],
      ['PUT', '/api/on_screen_log/1'],
    ] as const;
    for (const [method, path] of refused) {
      const res = await ctx.request(path, { method, token, json: method === 'GET' ? undefined : {} });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await res.json(), `${method} ${path}`).toEqual(PASSWORD_CHANGE_REQUIRED);
    }
    const zh = await ctx.request('/api/courses', { token, headers: { [HEADER.language]: 'zh-HK' } });
    expect((await zh.json()).message).toBe('請先更改初始密碼，然後再繼續。');

    // What changing the password needs stays open.
    expect((await ctx.request('/api/app-config', { token })).status).toBe(200);
    expect((await ctx.request('/api/users/current', { token })).status).toBe(200);
    const refreshed = await ctx.request('/api/auth/refresh', { method: 'POST', token });
    expect(refreshed.status).toBe(200);
    const newest = await refreshed.text();

    expect((await changePassword(newest, 'Joiner2026', 'Harbour88Vw')).status).toBe(204);
    expect((await ctx.request('/api/courses', { token: newest })).status).toBe(200);
    expect((await ctx.request('/api/auth/logout', { method: 'POST', token: newest })).status).toBe(204);
  });
});

describe('PUT /api/users/current/password', () => {
  it('refuses the current password as the new one (400, translated), the initial one included', async () => {
    const token = await ctx.login('agent01', 'Learner2026');
    const res = await changePassword(token, 'Learner2026', 'Learner2026');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ status_code: 400, message: 'The new password must be different from the current one.' });
    const cn = await changePassword(token, 'Learner2026', 'Learner2026', { [HEADER.language]: 'zh-CN' });
    expect((await cn.json()).message).toBe('新密码不能与当前密码相同。');
    // Still the old password: nothing changed.
    expect((await ctx.request('/api/auth/login', { method: 'POST', json: { external_id: 'agent01', password: 'Learner2026' } })).status).toBe(200);
  });
});
