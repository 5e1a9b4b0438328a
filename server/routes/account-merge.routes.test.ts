import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER } from '../../src/config/constants';
import { accountMerges, courseEnrolments, courses, identityChecks, mailOutbox, onScreenLogs, users } from '../db/schema';
import { createTestContext, type TestContext } from '../test-support';

const CANNOT_IDENTIFY = 'We cannot identify your agent code or company email. Please contact the learning and development team at learning@agent-academy.test.';

describe('the recruit → agent merge', () => {
  let ctx: TestContext;
  let timeManagement: number;
  beforeAll(async () => {
    ctx = await createTestContext();
    [{ id: timeManagement }] = await ctx.database.db
      .select({ id: courses.id })
      .from(courses)
      .where(sql`${courses.title}->>'en' = 'Time Management for New Agents'`);
  });
  afterAll(() => ctx?.close());

  const userId = async (externalId: string) => (await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.externalId, externalId)))[0].id;
  const request = (token: string, json: unknown, headers: Record<string, string> = {}) => ctx.request('/api/account_merge/request', { method: 'POST', json, token, headers });
  const preview = (token: string) => ctx.request('/api/account_merge/preview', { method: 'POST', json: { token } });
  const complete = (json: unknown) => ctx.request('/api/account_merge/complete', { method: 'POST', json });
  const refused = async (res: Response, status: number, message: string) => {
    expect(await res.json()).toEqual({ status_code: status, message });
    expect(res.status).toBe(status);
  };
  /** The token of the newest merge link mailed to `to`. */
  const linkTo = async (to: string) => {
    await ctx.settle();
    const mails = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.id));
    const mail = mails.at(-1)!;
    return { mail, token: /\/merge\/verify\?token=([\w-]+)/.exec(mail.text)![1] };
  };
  const newRecruit = async (externalId: string) => {
    const [row] = await ctx.database.db
      .insert(users)
      .values({ externalId, name: `Recruit ${externalId}`, email: `${externalId}@personal.test`, passwordHash: (await ctx.database.db.select().from(users).where(eq(users.externalId, 'recruit01')))[0].passwordHash, role: 'recruit' })
      .returning();
    return row;
  };

  it('refuses what does not name one agent account, with the learning and development contact', async () => {
    const recruit = await ctx.login('recruit01', 'Recruit2026');
    await refused(await request(recruit, { agent_code: 'agent10', company_email: 'someone@else.test' }), 400, CANNOT_IDENTIFY);
    await refused(await request(recruit, { agent_code: 'nobody', company_email: 'agent10@agent-academy.test' }), 400, CANNOT_IDENTIFY);
    await refused(await request(recruit, { agent_code: 'manager01', company_email: 'manager01@agent-academy.test' }), 400, CANNOT_IDENTIFY);
    await refused(
      await request(recruit, { agent_code: 'agent10', company_email: 'x@y.test' }, { [HEADER.language]: 'zh-HK' }),
      400,
      '無法識別您的代理人編號或公司電郵。請聯絡學習及發展團隊：learning@agent-academy.test。',
    );
    await refused(await request(recruit, { agent_code: 'agent10', company_email: 'not-an-email' }), 400, 'Please enter a valid email address.');
    await refused(await request(recruit, { agent_code: '', company_email: 'agent10@agent-academy.test' }), 400, 'Please enter your agent code.');
    const agent = await ctx.login('agent01', 'Learner2026');
    await refused(await request(agent, { agent_code: 'agent10', company_email: 'agent10@agent-academy.test' }), 403, 'Only a recruit account can be merged into an agent account.');
  });

  it('previews (combined rows included) without changing anything', async () => {
    // recruit01 and agent03 both have the privacy course and a classroom enrolment: they would combine.
    const recruit = await ctx.login('recruit01', 'Recruit2026');
    expect((await request(recruit, { agent_code: 'agent03', company_email: 'AGENT03@agent-academy.test' })).status).toBe(202);
    const { token } = await linkTo('agent03@agent-academy.test');
    const before = await ctx.database.db.$count(identityChecks);
    const res = await preview(token);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.recruit).toEqual({ external_id: 'recruit01', name: 'Ho Mei Ling' });
    expect(body.agent).toEqual({ external_id: 'agent03', name: 'Lee Ka Yan' });
    expect(body.combined).toContainEqual({ table: 'course_enrolments', count: 1 });
    expect(body.combined).toContainEqual({ table: 'offline_enrolments', count: 1 });
    expect(body.conflicts).toEqual([]);
    expect(body.moves).toContainEqual({ table: 'course_enrolments', count: 1 });
    const recruit01 = await userId('recruit01');
    expect(await ctx.database.db.$count(identityChecks)).toBe(before);
    expect(await ctx.database.db.$count(courseEnrolments, eq(courseEnrolments.userId, recruit01))).toBe(2);
  });

  it('moves every record to the agent once the agent signs in through the emailed link; the agent sees the history', async () => {
    const recruit01 = await userId('recruit01');
    await ctx.database.db.insert(identityChecks).values({ userId: recruit01, type: 'password', outcome: 'success', createdAt: new Date(ctx.clock.now() - 60_000) });
    const [{ id: privacy }] = await ctx.database.db.select({ id: courses.id }).from(courses).where(sql`${courses.title}->>'en' like 'Personal Data Privacy%'`);
    await ctx.database.db.insert(onScreenLogs).values({ userId: recruit01, courseId: privacy, duration: 42, key: 1 });
    const recruit = await ctx.login('recruit01', 'Recruit2026');
    const sent = await request(recruit, { agent_code: 'agent10', company_email: 'agent10@agent-academy.test' });
    expect(sent.status).toBe(202);
    expect(await sent.json()).toEqual({ email: 'agent10@agent-academy.test', expires_at: new Date(ctx.clock.now() + 3_600_000).toISOString() });
    const { mail, token } = await linkTo('agent10@agent-academy.test');
    expect(mail.subject).toBe('Confirm the merge of your Agent Academy records');
    expect(mail.text).toContain('Ho Mei Ling (recruit01) asked to merge');

    const shown = await (await preview(token)).json();
    expect(shown.conflicts).toEqual([]);
    for (const table of ['on_screen_logs', 'course_enrolments', 'course_likes', 'identity_checks', 'offline_enrolments']) expect(shown.moves.map((m: { table: string }) => m.table)).toContain(table);

    await refused(await complete({ token, agent_code: 'agent01', password: 'Learner2026' }), 400, 'Please sign in with the agent code the verification link was sent for.');
    await refused(await complete({ token, agent_code: 'agent10', password: 'Wrong2026' }), 400, 'The agent code or password is incorrect.');
    const res = await complete({ token, agent_code: 'agent10', password: 'Learner2026' });
    expect(res.status).toBe(200);
    const done = await res.json();
    expect(done.moves).toEqual(shown.moves);
    expect(done.agent).toEqual({ external_id: 'agent10', name: 'Kwok Ming Fai' });

    // The link works once.
    await refused(await complete({ token, agent_code: 'agent10', password: 'Learner2026' }), 410, 'This verification link has already been used.');
    await refused(await preview(token), 410, 'This verification link has already been used.');

    // The agent sees the recruit's completion, like, on-screen time, identity check and classroom enrolment.
    const agent = await ctx.login('agent10', 'Learner2026');
    const course = await (await ctx.request(`/api/courses/${timeManagement}`, { token: agent })).json();
    expect(course).toMatchObject({ liked: true, status: 'completed' });
    expect(await (await ctx.request(`/api/on_screen_log/course/${privacy}/total`, { token: agent })).json()).toEqual({ total_duration: 42 });
    const checks = await (await ctx.request('/api/identity-checks', { token: agent })).json();
    expect(checks.data.length).toBeGreaterThan(0);
    const enrolments = await (await ctx.request('/api/offline_enrolments', { token: agent })).json();
    expect(enrolments.data.length).toBeGreaterThan(0);
    // Nothing was deleted: the recruit account is still there, closed: its sign-in names the agent account.
    expect(await ctx.database.db.$count(users, eq(users.id, recruit01))).toBe(1);
    await refused(
      await ctx.request('/api/auth/login', { method: 'POST', json: { external_id: 'recruit01', password: 'Recruit2026' } }),
      403,
      'This account was merged into agent code agent10; sign in with that account.',
    );

    // 'agent account already merged before', for another recruit.
    await newRecruit('recruit77');
    const otherToken = await ctx.login('recruit77', 'Recruit2026');
    await refused(await request(otherToken, { agent_code: 'agent10', company_email: 'agent10@agent-academy.test' }), 409, 'This agent account has already been merged before.');
    // A link sent before the merge cannot merge the recruit a second time.
    const { token: agent03Token } = await linkTo('agent03@agent-academy.test');
    await refused(await complete({ token: agent03Token, agent_code: 'agent03', password: 'Learner2026' }), 410, 'A newer verification link was sent for this merge: please use the latest email.');

    // The undo token undoes it; the recruit signs in again.
    const [audit] = await ctx.database.db.select().from(accountMerges).where(eq(accountMerges.id, Number(done.merge_id)));
    expect(audit.recruitId).toBe(recruit01);
    expect(Object.keys(audit.moved)).toEqual(expect.arrayContaining(['course_likes', 'identity_checks']));
    const undone = await ctx.request('/api/account_merge/undo', { method: 'POST', json: { undo_token: done.undo_token } });
    expect(undone.status).toBe(200);
    const back = await (await ctx.request(`/api/courses/${timeManagement}`, { token: await ctx.login('recruit01', 'Recruit2026') })).json();
    expect(back).toMatchObject({ liked: true, status: 'completed' });
    const agentAfter = await (await ctx.request(`/api/courses/${timeManagement}`, { token: await ctx.login('agent10', 'Learner2026') })).json();
    expect(agentAfter).toMatchObject({ liked: false, status: 'in_progress' });
  });

  it('merges an agent once when two recruits’ links are used at the same moment', async () => {
    const tokens: string[] = [];
    for (const code of ['recruit90', 'recruit91']) {
      await newRecruit(code);
      const recruit = await ctx.login(code, 'Recruit2026');
      expect((await request(recruit, { agent_code: 'agent01', company_email: 'agent01@agent-academy.test' })).status).toBe(202);
      tokens.push((await linkTo('agent01@agent-academy.test')).token);
    }
    const answers = await Promise.all(tokens.map((token) => complete({ token, agent_code: 'agent01', password: 'Learner2026' })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await ctx.database.db.$count(accountMerges, eq(accountMerges.agentId, await userId('agent01')))).toBe(1);
  });

  it('refuses unknown and expired links', async () => {
    await refused(await preview('no-such-token'), 400, 'This verification link is not valid.');
    await refused(await complete({ token: 'no-such-token', agent_code: 'agent02', password: 'Learner2026' }), 400, 'This verification link is not valid.');
    await refused(await preview(''), 400, 'The verification link is not valid.');
    await newRecruit('recruit78');
    const recruit = await ctx.login('recruit78', 'Recruit2026');
    expect((await request(recruit, { agent_code: 'agent02', company_email: 'agent02@agent-academy.test' })).status).toBe(202);
    const { token } = await linkTo('agent02@agent-academy.test');
    ctx.clock.advance(60 * 60_000 + 1000);
    await refused(await preview(token), 410, 'This verification link has expired. Please ask for a new one.');
    await refused(await complete({ token, agent_code: 'agent02', password: 'Learner2026' }), 410, 'This verification link has expired. Please ask for a new one.');
  });
});
