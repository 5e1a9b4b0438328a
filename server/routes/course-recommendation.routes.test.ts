import { and, asc, eq, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseRecommendationResultSchema } from '../../src/api/schemas/course-recommendation.schema';
import { notificationListResponseSchema } from '../../src/api/schemas/notifications.schema';
import { HEADER } from '../../src/config/constants';
import { courseRecommendations, courses, notifications, users } from '../db/schema';
import { createTestContext, type TestContext } from '../test-support';

// Issue 48, ADR 103: recommending a course to colleagues, called as an attacker would — bad
// bodies, unknown and unpublished courses, oneself, an auditor, eleven people, replays, two at
// once — and read back as each recipient would: one notification, naming the sender and the
// course, never the other recipients.

let ctx: TestContext;
let agent01: string;
let courseIds: number[];
const ids: Record<string, number> = {};
beforeAll(async () => {
  ctx = await createTestContext();
  agent01 = await ctx.login('agent01', 'Learner2026');
  const db = ctx.database.db;
  for (const u of await db.select({ id: users.id, code: users.externalId }).from(users)) ids[u.code] = u.id;
  courseIds = (await db.select({ id: courses.id }).from(courses).where(lte(courses.publishedAt, new Date(ctx.clock.now()))).orderBy(asc(courses.id))).map((c) => c.id);
});
afterAll(() => ctx?.close());

const uid = (code: string) => String(ids[code]);
/** A write as `token`'s browser: its XSRF cookie is the one that session's last read set. */
async function recommend(token: string, courseId: number | string, json: unknown, init: { lang?: string; xsrf?: boolean } = {}) {
  await ctx.request('/api/users/current', { token });
  return ctx.request(`/api/courses/${courseId}/recommendations`, { method: 'POST', token, json, xsrf: init.xsrf, headers: { [HEADER.language]: init.lang ?? 'en' } });
}
const ok = async (res: Response) => {
  expect(res.status, await res.clone().text()).toBe(200);
  return courseRecommendationResultSchema.parse(await res.json());
};
const refused = async (res: Response, status: number) => {
  const body = (await res.json()) as { status_code: number; message: string };
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(body).toEqual({ status_code: status, message: expect.any(String) });
  expect(body.message).not.toMatch(/validation:|server:|undefined|\{\{/);
  return body.message;
};
const notesOf = async (userId: number, courseId: number) =>
  ctx.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.courseId, courseId), eq(notifications.kind, 'recommendation')));
const unread = async (token: string) => ((await (await ctx.request('/api/users/current', { token })).json()) as { unread_notifications_count: number }).unread_notifications_count;

describe('POST /api/courses/:id/recommendations (issue 48)', () => {
  it('sends each colleague one notification that names the sender and the course, in their language, and opens the course; no one learns who else got it', async () => {
    const course = courseIds[0];
    const agent02 = await ctx.login('agent02', 'Learner2026');
    const before = await unread(agent02);
    expect(await ok(await recommend(agent01, course, { user_ids: [uid('agent02'), uid('manager01')] }))).toEqual({ recommended: 2, already_recommended: 0 });
    expect(await unread(agent02)).toBe(before + 1);

    for (const lang of ['en', 'zh-HK', 'zh-CN']) {
      const res = await ctx.request('/api/notifications', { token: agent02, headers: { [HEADER.language]: lang } });
      const list = notificationListResponseSchema.parse(await res.json());
      const mine = list.data.find((n) => n.about?.type === 'course' && n.about.id === String(course) && n.sender === 'Chan Tai Man')!;
      expect(mine, lang).toBeDefined();
      expect(mine.kind).toBe('recommendation');
      expect(mine.read).toBe(false);
      expect(mine.body).toContain('Chan Tai Man');
      const [row] = await ctx.database.db.select({ title: courses.title }).from(courses).where(eq(courses.id, course));
      const title = lang === 'en' ? row.title.en : lang === 'zh-HK' ? row.title.zh : row.title.cn;
      expect(mine.title).toContain(title);
      expect(mine.body).toContain(title);
      if (lang === 'zh-HK') expect(mine.body).toContain('向你推薦課程');
      if (lang === 'zh-CN') expect(mine.body).toContain('向你推荐课程');
      // The other recipient (manager01, Cheung Wai Kit) is named nowhere in agent02's answer.
      expect(JSON.stringify(list)).not.toMatch(/Cheung Wai Kit|manager01/);
    }
    const opened = await ctx.request(`/api/courses/${course}`, { token: agent02 });
    expect(opened.status).toBe(200);
    expect((await notesOf(ids.manager01, course)).map((n) => n.sender)).toEqual(['Chan Tai Man']);
  });

  it('collapses repeated ids: one notification', async () => {
    const course = courseIds[1];
    expect(await ok(await recommend(agent01, course, { user_ids: [uid('agent03'), uid('agent03'), uid('agent03')] }))).toEqual({ recommended: 1, already_recommended: 0 });
    expect(await notesOf(ids.agent03, course)).toHaveLength(1);
  });

  it('records a (course, sender, recipient) once: a replay sends nothing and says so, a new colleague still gets it', async () => {
    const course = courseIds[2];
    const body = { user_ids: [uid('agent02')] };
    expect(await ok(await recommend(agent01, course, body))).toEqual({ recommended: 1, already_recommended: 0 });
    ctx.clock.advance(1000);
    expect(await ok(await recommend(agent01, course, body))).toEqual({ recommended: 0, already_recommended: 1 });
    ctx.clock.advance(60_000);
    expect(await ok(await recommend(agent01, course, { user_ids: [uid('agent02'), uid('agent03')] }))).toEqual({ recommended: 1, already_recommended: 1 });
    expect(await notesOf(ids.agent02, course)).toHaveLength(1);
    expect(await notesOf(ids.agent03, course)).toHaveLength(1);
    // Another sender's recommendation of the same course is their own.
    const agent03 = await ctx.login('agent03', 'Learner2026');
    expect(await ok(await recommend(agent03, course, body))).toEqual({ recommended: 1, already_recommended: 0 });
    expect((await notesOf(ids.agent02, course)).map((n) => n.sender).sort()).toEqual(['Chan Tai Man', 'Lee Ka Yan']);
  });

  it('two identical requests at once send one notification', async () => {
    const course = courseIds[3];
    const token = await ctx.login('agent03', 'Learner2026');
    await ctx.request('/api/users/current', { token });
    const send = () => ctx.request(`/api/courses/${course}/recommendations`, { method: 'POST', token, json: { user_ids: [uid('agent02'), uid('recruit01')] } });
    const answers = await Promise.all([send(), send(), send()]);
    const results = await Promise.all(answers.map(ok));
    expect(results.reduce((n, r) => n + r.recommended, 0)).toBe(2);
    expect(await notesOf(ids.agent02, course)).toHaveLength(1);
    expect(await notesOf(ids.recruit01, course)).toHaveLength(1);
    expect(await ctx.database.db.$count(courseRecommendations, eq(courseRecommendations.courseId, course))).toBe(2);
  });

  it('bad input of each kind is a translated 400 with { status_code, message }', async () => {
    const course = courseIds[4];
    expect(await refused(await recommend(agent01, course, {}), 400)).toBe('Choose at least one colleague.');
    expect(await refused(await recommend(agent01, course, { user_ids: [] }), 400)).toBe('Choose at least one colleague.');
    expect(await refused(await recommend(agent01, course, { user_ids: [] }, { lang: 'zh-HK' }), 400)).toBe('請至少選擇一位同事。');
    expect(await refused(await recommend(agent01, course, { user_ids: [] }, { lang: 'zh-CN' }), 400)).toBe('请至少选择一位同事。');
    expect(await refused(await recommend(agent01, course, { user_ids: 'agent02' }), 400)).toBe('Choose at least one colleague.');
    const eleven = Array.from({ length: 11 }, (_, i) => String(1000 + i));
    expect(await refused(await recommend(agent01, course, { user_ids: eleven }), 400)).toBe('You can recommend a course to at most 10 colleagues at a time.');
    expect(await refused(await recommend(agent01, course, { user_ids: eleven }, { lang: 'zh-HK' }), 400)).toBe('每次最多可向 10 位同事推薦課程。');
    await refused(await recommend(agent01, course, { user_ids: [7] }), 400);
    await refused(await recommend(agent01, course, { user_ids: ['abc'] }), 400);
    await refused(await recommend(agent01, course, { user_ids: ['-1'] }), 400);
    await refused(await recommend(agent01, 'abc', { user_ids: [uid('agent02')] }), 400);
    await refused(await recommend(agent01, course, null), 400);
    expect(await refused(await recommend(agent01, course, { user_ids: [uid('agent01')] }), 400)).toBe('You cannot recommend a course to yourself.');
    expect(await refused(await recommend(agent01, course, { user_ids: [uid('agent02'), uid('agent01')] }, { lang: 'zh-HK' }), 400)).toBe('你不能向自己推薦課程。');
    expect(await refused(await recommend(agent01, course, { user_ids: [uid('agent02'), '999999999'] }), 400)).toBe('One of the colleagues you chose does not exist.');
    expect(await refused(await recommend(agent01, course, { user_ids: [uid('auditor01')] }), 400)).toBe('Yip Sze Wan cannot receive course recommendations.');
    expect(await refused(await recommend(agent01, course, { user_ids: [uid('trainer01')] }, { lang: 'zh-HK' }), 400)).toBe('Tsang Ka Lok 不能接收課程推薦。');
    // Nothing was sent by any refused request.
    expect(await ctx.database.db.$count(courseRecommendations, eq(courseRecommendations.courseId, course))).toBe(0);
  });

  it('a course the learner cannot see (unknown, or not published yet) is a 404, and nothing is sent', async () => {
    expect(await refused(await recommend(agent01, 99_999_999, { user_ids: [uid('agent02')] }), 404)).toBe('This course does not exist.');
    const course = courseIds[5];
    const db = ctx.database.db;
    const [{ publishedAt }] = await db.select({ publishedAt: courses.publishedAt }).from(courses).where(eq(courses.id, course));
    await db.update(courses).set({ publishedAt: new Date(ctx.clock.now() + 86_400_000) }).where(eq(courses.id, course));
    try {
      await refused(await recommend(agent01, course, { user_ids: [uid('agent02')] }), 404);
      expect(await notesOf(ids.agent02, course)).toHaveLength(0);
    } finally {
      await db.update(courses).set({ publishedAt }).where(eq(courses.id, course));
    }
  });

  it('needs a signed-in session and the XSRF token', async () => {
    const course = courseIds[6];
    const anonymous = await ctx.request(`/api/courses/${course}/recommendations`, { method: 'POST', json: { user_ids: [uid('agent02')] } });
    await refused(anonymous, 401);
    await refused(await recommend(agent01, course, { user_ids: [uid('agent02')] }, { xsrf: false }), 403);
    expect(await notesOf(ids.agent02, course)).toHaveLength(0);
  });
});

describe('the recommend flag (SPEC §9: off in the spec’s configuration)', () => {
  it('answers 404 when it is off', async () => {
    const off = await createTestContext({ config: { demoMode: false } });
    try {
      const token = await off.login('agent01', 'Learner2026');
      await off.request('/api/users/current', { token });
      const res = await off.request(`/api/courses/${courseIds[0]}/recommendations`, { method: 'POST', token, json: { user_ids: [uid('agent02')] } });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ status_code: 404, message: 'Recommending courses is not available.' });
    } finally {
      await off.close();
    }
  });
});
