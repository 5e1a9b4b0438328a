import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COVER_URL, DEFAULT_ICON_URL, HEADER } from '../../src/config/constants';
import { eq, inArray, sql } from 'drizzle-orm';
import { notifications, users } from '../db/schema';
import { createTestContext, type TestContext } from '../test-support';

let ctx: TestContext;
let agent01: string;
beforeAll(async () => {
  ctx = await createTestContext();
  agent01 = await ctx.login('agent01', 'Learner2026');
});
afterAll(() => ctx?.close());

const expectError = async (res: Response, status: number, message: string) => {
  expect(res.status).toBe(status);
  expect(await res.json()).toEqual({ status_code: status, message });
};
const get = (url: string, token = agent01) => ctx.request(url, { token });

describe('GET /api/users/current', () => {
  it('answers the current user with placeholder images and unread count', async () => {
    const res = await get('/api/users/current');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: expect.stringMatching(/^\d+$/),
      external_id: 'agent01',
      name: 'Chan Tai Man',
      icon_url: DEFAULT_ICON_URL,
      cover_url: DEFAULT_COVER_URL,
      manager_id: null,
      is_manager: false,
      is_recruit: false,
      is_auditor: false,
      unread_notifications_count: 3,
      password_reset: true,
      welcome_due: false,
    });
  });

  it('flags a manager and counts 0 unread for manager01', async () => {
    const user = await (await get('/api/users/current', await ctx.login('manager01', 'Manager2026'))).json();
    expect(user).toMatchObject({ external_id: 'manager01', name: 'Cheung Wai Kit', manager_id: 'M0001', is_manager: true, unread_notifications_count: 0 });
  });

  it('flags the auditor from the account’s role (issue 45: the CPD report link), and nobody else', async () => {
    const auditor = await (await get('/api/users/current', await ctx.login('auditor01', 'Auditor2026'))).json();
    expect(auditor).toMatchObject({ external_id: 'auditor01', is_auditor: true, is_manager: false, is_recruit: false });
    const manager = await (await get('/api/users/current', await ctx.login('manager01', 'Manager2026'))).json();
    expect(manager).toMatchObject({ is_auditor: false });
  });

  it('answers password_reset false for the new joiner', async () => {
    const user = await (await get('/api/users/current', await ctx.login('newjoiner01', 'Joiner2026'))).json();
    expect(user).toMatchObject({ external_id: 'newjoiner01', name: 'Ng Hoi Yan', password_reset: false, welcome_due: false });
  });

  it('answers 401 without a valid token', async () => {
    await expectError(await ctx.request('/api/users/current'), 401, 'Please sign in to continue.');
    await expectError(await ctx.request('/api/users/current', { token: 'a.b.c' }), 401, 'Please sign in to continue.');
  });
});

// ADR 037: the count is a column kept by statement triggers (migration 0017) and read by the
// sign-in check's own query; it must follow every way notifications change, in bulk too.
describe('GET /api/users/current unread count', () => {
  const unread = async (token: string) => ((await (await get('/api/users/current', token)).json()) as { unread_notifications_count: number }).unread_notifications_count;
  const idOf = async (externalId: string) => Number((await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.externalId, externalId)))[0].id);
  const notice = (userId: number, read = false) => ({ userId, kind: 'system_notice' as const, title: 't', body: 'b', readAt: read ? new Date() : null });

  it('follows notifications inserted, read, moved to another user and deleted', async () => {
    const db = ctx.database.db;
    const manager = await ctx.login('manager01', 'Manager2026');
    const [agentId, managerId] = [await idOf('agent01'), await idOf('manager01')];
    const before = { agent: await unread(agent01), manager: await unread(manager) };

    // Two unread and one read notice in one statement: two more unread.
    const added = await db.insert(notifications).values([notice(agentId), notice(agentId), notice(agentId, true)]).returning({ id: notifications.id });
    expect(await unread(agent01)).toBe(before.agent + 2);

    // Reading one, then un-reading a read one in the same statement as reading another.
    await db.update(notifications).set({ readAt: new Date() }).where(eq(notifications.id, added[0].id));
    expect(await unread(agent01)).toBe(before.agent + 1);
    await db.update(notifications).set({ readAt: sql`case when ${notifications.readAt} is null then now() else null end` }).where(inArray(notifications.id, [added[1].id, added[2].id]));
    expect(await unread(agent01)).toBe(before.agent + 1);

    // An account merge moves notices to another user (ADR 032): the unread one counts there now.
    await db.update(notifications).set({ userId: managerId }).where(inArray(notifications.id, added.map((n) => n.id)));
    expect(await unread(agent01)).toBe(before.agent);
    expect(await unread(manager)).toBe(before.manager + 1);

    await db.delete(notifications).where(inArray(notifications.id, added.map((n) => n.id)));
    expect(await unread(manager)).toBe(before.manager);
    // The counter is the count, whatever happened before.
    const [row] = await db.select({ counted: sql<number>`(select count(*) from notifications n where n.user_id = "users"."id" and n.read_at is null)`.mapWith(Number), kept: users.unreadNotificationCount }).from(users).where(eq(users.id, agentId));
    expect(row.kept).toBe(row.counted);
  });
});

describe('GET /api/users/{id}', () => {
  it('answers only the public fields', async () => {
    const me = await (await get('/api/users/current')).json();
    const res = await get(`/api/users/${me.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: me.id, external_id: 'agent01', name: 'Chan Tai Man', icon_url: DEFAULT_ICON_URL });
  });

  it('answers 404 JSON for an unknown id', async () => {
    await expectError(await get('/api/users/999999'), 404, 'This user does not exist.');
  });

  it('answers 400 for an id that is not a number', async () => {
    await expectError(await get('/api/users/abc'), 400, 'The id is not valid.');
    await expectError(await get('/api/users/1234567890123456789'), 400, 'The id is not valid.');
    await expectError(await ctx.request('/api/users/abc', { token: agent01, headers: { [HEADER.language]: 'zh-HK' } }), 400, '編號無效。');
  });

  it('needs a token', async () => {
    await expectError(await ctx.request('/api/users/1'), 401, 'Please sign in to continue.');
  });
});

describe('GET /api/users/find', () => {
  it('matches name or agent code, any case, paged, with the total', async () => {
    const page1 = await (await get('/api/users/find?name=AGENT0&per_page=2')).json();
    expect(page1).toMatchObject({ page: 1, per_page: 2, total: 3 });
    expect(page1.data).toHaveLength(2);
    const page2 = await (await get('/api/users/find?name=agent0&page=2&per_page=2')).json();
    expect(page2.data).toHaveLength(1);
    const all = [...page1.data, ...page2.data].map((u: { external_id: string }) => u.external_id).sort();
    expect(all).toEqual(['agent01', 'agent02', 'agent03']);
    for (const u of page1.data) expect(Object.keys(u).sort()).toEqual(['external_id', 'icon_url', 'id', 'name']);
  });

  it('finds by part of a name', async () => {
    const res = await (await get('/api/users/find?name=wai%20kit')).json();
    expect(res.data.map((u: { name: string }) => u.name)).toEqual(['Cheung Wai Kit']);
    expect(res).toMatchObject({ page: 1, per_page: 20, total: 1 });
  });

  it('treats % and _ literally', async () => {
    expect((await (await get('/api/users/find?name=%25')).json()).total).toBe(0);
    expect((await (await get('/api/users/find?name=_')).json()).total).toBe(0);
  });

  it('refuses bad queries with 400', async () => {
    await expectError(await get('/api/users/find'), 400, 'Please enter a name.');
    await expectError(await get('/api/users/find?name=%20'), 400, 'Please enter a name.');
    await expectError(await get('/api/users/find?name=a&page=0'), 400, 'The value of "page" is not valid.');
    await expectError(await get('/api/users/find?name=a&per_page=101'), 400, 'The value of "per_page" is not valid.');
    await expectError(await get('/api/users/find?name=a&per_page=abc'), 400, 'The value of "per_page" is not valid.');
    await expectError(await get(`/api/users/find?name=${'x'.repeat(101)}`), 400, 'The name is too long.');
    await expectError(await get('/api/users/find?name=agent%0001'), 400, 'The text contains a character that is not allowed (NUL).');
  });

  it('needs a token', async () => {
    await expectError(await ctx.request('/api/users/find?name=a'), 401, 'Please sign in to continue.');
  });
});

describe('PUT /api/users/current/password', () => {
  const put = (token: string, json: unknown, headers: Record<string, string> = {}) =>
    ctx.request('/api/users/current/password', { method: 'PUT', token, json, headers });

  it('changes the password, sets password_reset and ends the other sessions', async () => {
    const token = await ctx.login('newjoiner01', 'Joiner2026');
    const otherSession = await ctx.login('newjoiner01', 'Joiner2026');
    const res = await put(token, { old_password: 'Joiner2026', new_password: 'Harbour88Vw', confirm_password: 'Harbour88Vw' });
    expect(res.status).toBe(204);
    expect((await (await get('/api/users/current', token)).json()).password_reset).toBe(true);
    expect((await get('/api/users/current', otherSession)).status).toBe(401);
    await ctx.login('newjoiner01', 'Harbour88Vw');
    const old = await ctx.request('/api/auth/login', { method: 'POST', json: { external_id: 'newjoiner01', password: 'Joiner2026' } });
    expect(old.status).toBe(400);
  });

  it('answers 400 for a wrong old password, in the request language', async () => {
    const token = await ctx.login('agent02', 'Learner2026');
    await expectError(await put(token, { old_password: 'Wrong2026x', new_password: 'Harbour88Vw', confirm_password: 'Harbour88Vw' }), 400, 'The current password is incorrect.');
    await expectError(
      await put(token, { old_password: 'Wrong2026x', new_password: 'Harbour88Vw', confirm_password: 'Harbour88Vw' }, { [HEADER.language]: 'zh-HK' }),
      400,
      '目前密碼不正確。',
    );
  });

  it('refuses a common password', async () => {
    const token = await ctx.login('agent02', 'Learner2026');
    for (const common of ['Password1', 'Welcome123', 'Qwerty123']) {
      await expectError(await put(token, { old_password: 'Learner2026', new_password: common, confirm_password: common }), 400, 'This password is too common. Please choose another.');
    }
  });

  it.each([
    ['Ab1', 'The password must be 8 to 12 characters long.'],
    ['Abcdefgh12345', 'The password must be 8 to 12 characters long.'],
    ['abcdefgh1', 'The password must contain at least one uppercase letter.'],
    ['ABCDEFGH1', 'The password must contain at least one lowercase letter.'],
    ['', 'Please enter your password.'],
  ])('refuses %j: %s', async (newPassword, message) => {
    const token = await ctx.login('agent03', 'Learner2026');
    await expectError(await put(token, { old_password: 'Learner2026', new_password: newPassword, confirm_password: newPassword }), 400, message);
  });

  it('refuses a confirmation that differs', async () => {
    const token = await ctx.login('agent03', 'Learner2026');
    await expectError(await put(token, { old_password: 'Learner2026', new_password: 'Harbour88Vw', confirm_password: 'Harbour88Vx' }), 400, "New passwords don't match");
    await expectError(
      await put(token, { old_password: 'Learner2026', new_password: 'Harbour88Vw', confirm_password: 'x' }, { [HEADER.language]: 'zh-CN' }),
      400,
      '两次输入的新密码不一致',
    );
  });

  it('refuses a missing body, bad JSON and wrong types', async () => {
    const token = await ctx.login('agent03', 'Learner2026');
    await expectError(await ctx.request('/api/users/current/password', { method: 'PUT', token }), 400, 'The request body is missing or not valid.');
    await expectError(
      await ctx.request('/api/users/current/password', { method: 'PUT', token, body: '{', headers: { 'Content-Type': 'application/json' } }),
      400,
      'The request body is not valid JSON.',
    );
    await expectError(await put(token, { old_password: 1, new_password: 2, confirm_password: 3 }), 400, 'Please enter your password.');
  });

  it('needs a token and the XSRF header', async () => {
    await expectError(await put('', { old_password: 'a', new_password: 'b', confirm_password: 'b' }), 401, 'Please sign in to continue.');
    const token = await ctx.login('agent03', 'Learner2026');
    const res = await ctx.request('/api/users/current/password', {
      method: 'PUT',
      token,
      xsrf: false,
      json: { old_password: 'Learner2026', new_password: 'Harbour88Vw', confirm_password: 'Harbour88Vw' },
    });
    expect(res.status).toBe(403);
  });
});
