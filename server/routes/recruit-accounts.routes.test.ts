import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER } from '../../src/config/constants';
import { mailOutbox, recruitAccounts, users } from '../db/schema';
import { createTestContext, type TestContext } from '../test-support';

const valid = { surname: 'Tam', given_name: 'Ka Ho', email: 'ka.ho.tam@personal.test', manager_code: 'M0001', kind: 'recruit' };

describe('POST /api/recruit_accounts', () => {
  let ctx: TestContext;
  let manager: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    manager = await ctx.login('manager01', 'Manager2026');
  });
  afterAll(() => ctx?.close());

  const create = (json: unknown, token = manager, headers: Record<string, string> = {}) =>
    ctx.request('/api/recruit_accounts', { method: 'POST', json, token, headers });
  const refused = async (res: Response, status: number, message: string) => {
    expect(await res.json()).toEqual({ status_code: status, message });
    expect(res.status).toBe(status);
  };

  it('creates a recruit under the manager of the code, who must change the emailed first password', async () => {
    const res = await create(valid);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toEqual({
      id: expect.any(String),
      external_id: expect.stringMatching(/^R\d{7}$/),
      name: 'Tam Ka Ho',
      email: 'ka.ho.tam@personal.test',
      kind: 'recruit',
      upline: { external_id: 'manager01', name: 'Cheung Wai Kit', manager_id: 'M0001' },
    });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.externalId, body.external_id));
    expect(row).toMatchObject({ role: 'recruit', passwordReset: false, name: 'Tam Ka Ho' });
    const [kind] = await ctx.database.db.select().from(recruitAccounts).where(eq(recruitAccounts.userId, row.id));
    expect(kind.kind).toBe('recruit');
    await ctx.settle();
    const [mail] = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ka.ho.tam@personal.test'));
    expect(mail.subject).toBe('Your Agent Academy account');
    expect(mail.text).toContain(`Agent code: ${body.external_id}`);
    const password = /First password: (\S+)/.exec(mail.text)![1];
    expect(password).toMatch(/^(?=.*[A-Z])(?=.*[a-z]).{8,12}$/);
    // The emailed password signs in; everything but changing it is refused until it is changed.
    const token = await ctx.login(body.external_id, password);
    const me = await ctx.request('/api/users/current', { token });
    expect((await me.json()).password_reset).toBe(false);
    const elsewhere = await ctx.request('/api/identity-checks', { token });
    expect(elsewhere.status).toBe(403);
    // The XSRF cookie follows the last sign-in, as in a browser.
    manager = await ctx.login('manager01', 'Manager2026');
  });

  it('mails in the manager’s language and makes pre-recruits with a P code', async () => {
    const res = await create({ ...valid, kind: 'pre_recruit', email: 'pre@personal.test' }, manager, { [HEADER.language]: 'zh-HK' });
    expect(res.status).toBe(201);
    expect((await res.json()).external_id).toMatch(/^P\d{7}$/);
    const [mail] = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'pre@personal.test'));
    expect(mail.subject).toBe('您的 Agent Academy 帳戶');
    expect(mail.text).toContain('準招募人員');
  });

  it('refuses names that are not English letters and spaces, or one word, or a manager’s name', async () => {
    const rules = 'The name must be in English letters and spaces only, at least two words, as on the ID document.';
    await refused(await create({ ...valid, surname: 'Tam1', email: 'a1@p.test' }), 400, rules);
    await refused(await create({ ...valid, given_name: '家豪', email: 'a2@p.test' }), 400, rules);
    await refused(await create({ ...valid, surname: 'Tam', given_name: '   ', email: 'a3@p.test' }), 400, 'Please enter the given name.');
    await refused(await create({ ...valid, surname: '', email: 'a3@p.test' }), 400, 'Please enter the surname.');
    await refused(await create({ ...valid, surname: 'Cheung', given_name: 'wai  KIT', email: 'a4@p.test' }), 400, 'The name must not be the same as an existing manager’s name.');
    await refused(await create({ ...valid, surname: 'Tam', given_name: '', email: 'a5@p.test' }, manager, { [HEADER.language]: 'zh-CN' }), 400, '请输入名字。');
    await refused(await create({ ...valid, surname: 'Tam', given_name: 'x'.repeat(101), email: 'a6@p.test' }), 400, rules);
  });

  it('needs an existing manager code', async () => {
    await refused(await create({ ...valid, manager_code: '', email: 'b1@p.test' }), 400, 'The manager code is required.');
    await refused(await create({ ...valid, manager_code: undefined, email: 'b1@p.test' }), 400, 'The manager code is required.');
    await refused(await create({ ...valid, manager_code: 'M9999', email: 'b2@p.test' }), 400, 'The manager does not exist.');
    await refused(await create({ ...valid, manager_code: 'M9999', email: 'b2@p.test' }, manager, { [HEADER.language]: 'zh-HK' }), 400, '該經理不存在。');
  });

  it('creates recruits only under the manager’s own code (issue 43)', async () => {
    const [{ passwordHash }] = await ctx.database.db.select().from(users).where(eq(users.externalId, 'manager01'));
    await ctx.database.db.insert(users).values({ externalId: 'manager02', name: 'Other Manager', email: 'manager02@agent-academy.test', passwordHash, role: 'manager', managerId: 'M0002' });
    await refused(await create({ ...valid, manager_code: 'M0002', email: 'm2@p.test' }), 403, 'You can create recruit accounts only under your own manager code.');
    await refused(await create({ ...valid, manager_code: 'm0002', email: 'm2@p.test' }, manager, { [HEADER.language]: 'zh-HK' }), 403, '您只能以自己的經理編號建立招募人員帳戶。');
    expect(await ctx.database.db.$count(users, eq(users.email, 'm2@p.test'))).toBe(0);
    // The other manager creates under their own code.
    const other = await ctx.login('manager02', 'Manager2026');
    const res = await create({ ...valid, manager_code: 'M0002', email: 'm2@p.test' }, other);
    expect(res.status).toBe(201);
    expect((await res.json()).upline).toEqual({ external_id: 'manager02', name: 'Other Manager', manager_id: 'M0002' });
    manager = await ctx.login('manager01', 'Manager2026');
  });

  it('needs a valid personal email that no account uses, whatever its letter case', async () => {
    await refused(await create({ ...valid, email: 'not-an-email' }), 400, 'Please enter a valid email address.');
    await refused(await create({ ...valid, email: 'Agent01@agent-academy.test' }), 409, 'This email is already used by another account.');
    await refused(await create({ ...valid, email: 'KA.HO.TAM@personal.test' }), 409, 'This email is already used by another account.');
    await refused(await create({ ...valid, kind: 'agent', email: 'c1@p.test' }), 400, 'Please choose pre-recruit or recruit.');
  });

  it('is for managers only', async () => {
    const agent = await ctx.login('agent01', 'Learner2026');
    await refused(await create({ ...valid, email: 'd1@p.test' }, agent), 403, 'You do not have permission to view this.');
    const recruit = await ctx.login('recruit01', 'Recruit2026');
    await refused(await create({ ...valid, email: 'd2@p.test' }, recruit), 403, 'You do not have permission to view this.');
    expect((await ctx.request('/api/recruit_accounts', { method: 'POST', json: valid })).status).toBe(401);
    expect(await ctx.database.db.$count(users, eq(users.email, 'd1@p.test'))).toBe(0);
  });
});
