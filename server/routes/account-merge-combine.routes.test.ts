import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER } from '../../src/config/constants';
import { courseEnrolments, courseLikes, courses, creditedSpans, mailOutbox, users } from '../db/schema';
import { OWNED_TABLES } from '../domain/account-merge';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { createTestContext, type TestContext } from '../test-support';
import { createCourse, createDepartment, createLesson, createReadingItem, openViewing, signIn, tri } from '../testing/content-factory';

// Issue 43 items 7–10 and 21: what both accounts had combines (the further one wins), wall time is
// credited once, links are throttled and replace each other, the merged recruit is closed, and an
// undo within the window restores both accounts exactly.

const DAY = 86_400_000;
let ctx: TestContext;
let recruitId: number;
let agentId: number;
let timeManagement: number;
let privacy: number;

const db = () => ctx.database.db;
const request = (token: string, json: unknown) => ctx.request('/api/account_merge/request', { method: 'POST', json, token });
const toAgent10 = { agent_code: 'agent10', company_email: 'agent10@agent-academy.test' };
const mailsTo = async (to: string) => {
  await ctx.settle();
  return db().select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.id));
};
const tokenOf = (text: string) => /\/merge\/verify\?token=([\w-]+)/.exec(text)![1];
const complete = (token: string) => ctx.request('/api/account_merge/complete', { method: 'POST', json: { token, agent_code: 'agent10', password: 'Learner2026' } });
const undo = (undo_token: string, headers: Record<string, string> = {}) => ctx.request('/api/account_merge/undo', { method: 'POST', json: { undo_token }, headers });
const signInAs = (external_id: string, password: string, headers: Record<string, string> = {}) =>
  ctx.request('/api/auth/login', { method: 'POST', json: { external_id, password }, headers });
const enrolment = async (userId: number, courseId: number) =>
  (await db().select().from(courseEnrolments).where(and(eq(courseEnrolments.userId, userId), eq(courseEnrolments.courseId, courseId))))[0];

/** Every owned row of both accounts (and the time sums the triggers keep, but for rows left at zero, which nobody reads), as JSON, sorted. */
async function snapshot(): Promise<string[]> {
  const sums = ['item_seconds', 'course_seconds', 'day_seconds'];
  const names = [...OWNED_TABLES.map(({ table }) => getTableConfig(table).name), ...sums];
  const out: string[] = [];
  for (const name of names) {
    const nonZero = sums.includes(name) ? sql`and seconds <> 0` : sql``;
    const result = await db().execute(sql`select to_jsonb(${sql.identifier(name)})::text as row from ${sql.identifier(name)} where user_id in (${recruitId}, ${agentId}) ${nonZero}`);
    const rows = (Array.isArray(result) ? result : (result as { rows: { row: string }[] }).rows) as { row: string }[];
    out.push(...rows.map((r) => `${name} ${r.row}`));
  }
  return out.sort();
}

/** Asks for a link as recruit01 and merges with it: the merge's answer. */
async function merge() {
  const recruit = await ctx.login('recruit01', 'Recruit2026');
  expect((await request(recruit, toAgent10)).status).toBe(202);
  const res = await complete(tokenOf((await mailsTo('agent10@agent-academy.test')).at(-1)!.text));
  expect(res.status).toBe(200);
  return (await res.json()) as { undo_token: string; undo_until: string; combined: { table: string; count: number }[] };
}

beforeAll(async () => {
  ctx = await createTestContext({ config: { sessionTimeoutSeconds: 3600, continualAuth: { enabled: false, min: 2, max: 4, unitSeconds: 60, slackSeconds: 60 } } });
  const idOf = async (externalId: string) => (await db().select({ id: users.id }).from(users).where(eq(users.externalId, externalId)))[0].id;
  [recruitId, agentId] = [await idOf('recruit01'), await idOf('agent10')];
  const courseId = async (title: string) => (await db().select({ id: courses.id }).from(courses).where(sql`${courses.title}->>'en' like ${title}`))[0].id;
  [timeManagement, privacy] = [await courseId('Time Management for New Agents'), await courseId('Personal Data Privacy%')];
}, 60_000);
afterAll(() => ctx?.close());

describe('merge links (issue 43 item 9)', () => {
  it('sends at most three links an hour per recruit and per agent (429 with Retry-After); a new link replaces the old one', async () => {
    const recruit = await ctx.login('recruit01', 'Recruit2026');
    const before = (await mailsTo('agent10@agent-academy.test')).length;
    const answers = await Promise.all(Array.from({ length: 30 }, () => request(recruit, toAgent10)));
    expect(answers.filter((r) => r.status === 202)).toHaveLength(3);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(27);
    expect(Number(refused[0].headers.get('Retry-After'))).toBeGreaterThan(3000);
    expect((await refused[0].json()).message).toBe('Several verification emails were sent for this agent account within the hour. Please use the latest one, or ask again in 60 min.');
    const mails = await mailsTo('agent10@agent-academy.test');
    expect(mails.length - before).toBe(3);

    // Only the newest link works.
    const [older, newest] = [tokenOf(mails.at(-2)!.text), tokenOf(mails.at(-1)!.text)];
    const replaced = await ctx.request('/api/account_merge/preview', { method: 'POST', json: { token: older } });
    expect(replaced.status).toBe(410);
    expect((await replaced.json()).message).toBe('A newer verification link was sent for this merge: please use the latest email.');
    expect((await ctx.request('/api/account_merge/preview', { method: 'POST', json: { token: newest } })).status).toBe(200);

    // Another recruit asking for the same agent is throttled too (the agent's mailbox is the one flooded).
    const [other] = await db()
      .insert(users)
      .values({ externalId: 'recruit55', name: 'Recruit 55', email: 'r55@personal.test', passwordHash: (await db().select().from(users).where(eq(users.id, recruitId)))[0].passwordHash, role: 'recruit' })
      .returning();
    expect(other).toBeDefined();
    expect((await request(await ctx.login('recruit55', 'Recruit2026'), toAgent10)).status).toBe(429);
    expect((await mailsTo('agent10@agent-academy.test')).length - before).toBe(3);

    // An hour later the recruit may ask again.
    ctx.clock.advance(3600_000 + 1000);
    expect((await request(await ctx.login('recruit01', 'Recruit2026'), toAgent10)).status).toBe(202);
  });
});

describe('the merge combines, credits time once, closes the recruit and undoes exactly (issue 43 items 7, 8, 10, 21)', () => {
  let undoToken = '';
  let before: string[] = [];
  let staleRecruitToken = '';

  it('keeps the further of two enrolments with its completion date, and credits each second of wall time once', async () => {
    // agent10 began Time Management (seed); recruit01 completed it 7 days ago.
    expect((await enrolment(agentId, timeManagement)).status).toBe('in_progress');
    const recruitCompletion = (await enrolment(recruitId, timeManagement)).completedAt!;
    // Both completed the privacy course: the recruit 10 days ago, the agent 2 days ago; both like it.
    const now = ctx.clock.now();
    await db().update(courseEnrolments).set({ status: 'completed', completedAt: new Date(now - 10 * DAY) }).where(and(eq(courseEnrolments.userId, recruitId), eq(courseEnrolments.courseId, privacy)));
    await db().insert(courseEnrolments).values({ userId: agentId, courseId: privacy, status: 'completed', enrolledAt: new Date(now - 3 * DAY), completedAt: new Date(now - 2 * DAY) });
    await db().insert(courseLikes).values([{ userId: agentId, courseId: privacy }, { userId: recruitId, courseId: privacy }]).onConflictDoNothing();

    // Both accounts watch the same 12 seconds of one reading (a course both are then enrolled in: the third combined).
    const department = await createDepartment(db(), tri('Merge'));
    const course = await createCourse(db(), { departmentId: department, title: tri('Overlap'), publishedAt: new Date('2025-01-01T00:00:00Z') });
    const reading = await createReadingItem(db(), { courseId: course, lessonId: await createLesson(db(), course, tri('L')), title: tri('R'), requiredSeconds: 600 });
    const recruit = await signIn(ctx, 'recruit01', 'Recruit2026');
    const agent = await signIn(ctx, 'agent10');
    const [rv, av] = [await openViewing(recruit, { item_id: reading }), await openViewing(agent, { item_id: reading })];
    const start = ctx.clock.now();
    ctx.clock.advance(12_000);
    // Two browsers: their records' keys (the ms each began) differ.
    for (const [learner, viewing_id, key] of [[recruit, rv, start + 300], [agent, av, start]] as const) {
      const res = await learner.request(`/api/on_screen_log/${reading}`, { method: 'PUT', json: { duration: 12, key, viewing_id } });
      expect((await res.json()).credited).toBe(12);
    }
    // On a second reading the recruit watches 18 s and the agent the middle 6 s of them: the
    // recruit's stretch is cut in two around the agent's.
    const second = await createReadingItem(db(), { courseId: course, lessonId: await createLesson(db(), course, tri('L2')), title: tri('R2'), requiredSeconds: 600 });
    const t0 = ctx.clock.now();
    const rv2 = await openViewing(recruit, { item_id: second });
    ctx.clock.advance(6_000);
    const av2 = await openViewing(agent, { item_id: second });
    ctx.clock.advance(6_000);
    expect((await (await agent.request(`/api/on_screen_log/${second}`, { method: 'PUT', json: { duration: 6, key: t0 + 6_000, viewing_id: av2 } })).json()).credited).toBe(6);
    ctx.clock.advance(6_000);
    expect((await (await recruit.request(`/api/on_screen_log/${second}`, { method: 'PUT', json: { duration: 18, key: t0 + 300, viewing_id: rv2 } })).json()).credited).toBe(18);
    staleRecruitToken = recruit.token;
    before = await snapshot();

    const done = await merge();
    undoToken = done.undo_token;
    expect(done.undo_until).toBe(new Date(ctx.clock.now() + 7 * DAY).toISOString());
    expect(done.combined).toEqual(expect.arrayContaining([{ table: 'course_enrolments', count: 3 }, { table: 'course_likes', count: 1 }]));

    // Item 7: the completion (and its date, so its CPD hour's period) is the agent's now; of two completions the earlier.
    expect(await enrolment(agentId, timeManagement)).toMatchObject({ status: 'completed', completedAt: recruitCompletion });
    expect((await enrolment(agentId, privacy)).completedAt).toEqual(new Date(now - 10 * DAY));
    expect(await enrolment(recruitId, timeManagement)).toBeUndefined();
    const agentToken = await ctx.login('agent10', 'Learner2026');
    expect(await (await ctx.request(`/api/courses/${timeManagement}`, { token: agentToken })).json()).toMatchObject({ status: 'completed', liked: true });
    expect(await db().$count(courseLikes, and(eq(courseLikes.courseId, privacy), inArray(courseLikes.userId, [recruitId, agentId])))).toBe(1);

    // Item 8: 12 + 18 seconds of wall time, as many credited, in stretches that never overlap.
    expect(await (await ctx.request(`/api/on_screen_log/course/${course}/total`, { token: agentToken })).json()).toEqual({ total_duration: 30 });
    const spans = await db().select().from(creditedSpans).where(eq(creditedSpans.userId, agentId)).orderBy(asc(creditedSpans.startsAt));
    for (let i = 1; i < spans.length; i += 1) expect(spans[i].startsAt.getTime()).toBeGreaterThanOrEqual(spans[i - 1].endsAt.getTime());
    expect(spans.reduce((n, x) => n + (x.endsAt.getTime() - x.startsAt.getTime()) / 1000, 0)).toBe(30);
  });

  it('closes the recruit account: its sessions end and its sign-in names the agent account', async () => {
    expect((await ctx.request('/api/users/current', { token: staleRecruitToken })).status).toBe(401);
    const en = await signInAs('recruit01', 'Recruit2026');
    expect(en.status).toBe(403);
    expect(await en.json()).toEqual({ status_code: 403, message: 'This account was merged into agent code agent10; sign in with that account.' });
    const zh = await signInAs('recruit01', 'Recruit2026', { [HEADER.language]: 'zh-HK' });
    expect((await zh.json()).message).toBe('此帳戶已合併至代理人編號 agent10，請以該帳戶登入。');
    // A wrong password tells nothing about the merge.
    expect((await signInAs('recruit01', 'Wrong2026x')).status).toBe(400);
  });

  it('undoes the merge exactly, once, and opens the recruit account again', async () => {
    const res = await undo(undoToken);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ recruit: { external_id: 'recruit01', name: 'Ho Mei Ling' }, agent: { external_id: 'agent10', name: 'Kwok Ming Fai' } });
    expect(await snapshot()).toEqual(before);
    expect((await signInAs('recruit01', 'Recruit2026')).status).toBe(200);
    const again = await undo(undoToken);
    expect(await again.json()).toEqual({ status_code: 410, message: 'This merge has already been undone.' });
    expect((await undo('no-such-token')).status).toBe(400);
  });

  it('refuses the undo once the window (MERGE_UNDO_DAYS, 7 days) has passed', async () => {
    ctx.clock.advance(3600_000 + 1000);
    const done = await merge();
    // The undo link is mailed to the agent too, for the whole window.
    const mail = (await mailsTo('agent10@agent-academy.test')).at(-1)!;
    expect(mail.subject).toBe('Your Agent Academy records were merged');
    expect(mail.text).toContain('The learning records of Ho Mei Ling (recruit01) are now in your agent account agent10');
    expect(/\/merge\/undo\?token=([\w-]+)/.exec(mail.text)![1]).toBe(done.undo_token);
    ctx.clock.advance(7 * DAY - 1000);
    ctx.clock.advance(1000);
    const late = await undo(done.undo_token);
    expect(await late.json()).toEqual({
      status_code: 410,
      message: 'A merge can be undone within 7 days; that time has passed. Please contact the learning and development team.',
    });
    expect((await signInAs('recruit01', 'Recruit2026')).status).toBe(403);
  });
});
