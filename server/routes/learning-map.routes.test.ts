import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learningMapAssignResultSchema, learningMapCatalogueSchema, learningMapDetailSchema, learningMapListSchema, type LearningMapDetail } from '../../src/api/schemas/learning-map.schema';
import { HEADER } from '../../src/config/constants';
import { courseEnrolments, courses, learningMapItems, learningMaps, notifications, users } from '../db/schema';
import { dueEndsAt } from '../domain/learning-map-rules';
import { runLearningMapReminders } from '../domain/learning-map-reminders';
import { createTestContext, type TestContext } from '../test-support';
import { setClockToSeedMoment } from '../testing/seed-moment';

// Issue 47 (ADR 098): the learning-map API as an attacker would call it, on the demo seed, read at
// the seed's own moment (the template may be older than this run).

let ctx: TestContext;
let seedMoment: number;
beforeAll(async () => {
  ctx = await createTestContext();
  seedMoment = await setClockToSeedMoment(ctx);
});
afterAll(() => ctx?.close());

const list = async (token: string, lang?: string) => {
  const res = await ctx.request('/api/learning-map', { token, headers: lang ? { [HEADER.language]: lang } : {} });
  expect(res.status).toBe(200);
  return learningMapListSchema.parse(await res.json());
};
const detail = async (token: string, id: string): Promise<LearningMapDetail> => {
  const res = await ctx.request(`/api/learning-map/${id}`, { token });
  expect(res.status).toBe(200);
  return learningMapDetailSchema.parse(await res.json());
};
const userIdOf = async (code: string) => (await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.externalId, code)))[0].id;
const courseIdOf = async (title: string) => (await ctx.database.db.select({ id: courses.id }).from(courses).where(sql`${courses.title} ->> 'en' = ${title}`))[0].id;

describe('GET /api/learning-map (agent01 on the demo)', () => {
  it('one map in progress with a late and an expired item, one finished in the history', async () => {
    const token = await ctx.login('agent01', 'Learner2026');
    const maps = await list(token);
    expect(maps.maps.map((m) => m.title)).toEqual(['Licensing essentials 2026']);
    expect(maps.history.map((m) => [m.title, m.status, m.progress])).toEqual([['Welcome to Agent Academy', 'finished', 100]]);
    const licensing = await detail(token, maps.maps[0].id);
    // AML late; Privacy expired; Regulatory in progress (its quiz failed twice: not complete); Ethics locked behind it; the workshop open.
    expect(licensing.items.map((i) => i.state)).toEqual(['completed_late', 'expired', 'in_progress', 'locked', 'not_started']);
    expect(licensing.progress).toBe(20);
    expect(licensing.items[0].completed_at).not.toBeNull();
    expect(licensing.items[4].kind).toBe('offline_course');
    // The welcome map was assigned after both its courses were done: they count.
    const welcome = await detail(token, maps.history[0].id);
    expect(welcome.items.every((i) => i.state === 'completed')).toBe(true);
    expect(Date.parse(welcome.assigned_at)).toBeGreaterThan(Math.max(...welcome.items.map((i) => Date.parse(i.completed_at!))));
  });

  it('answers in the asked language', async () => {
    const maps = await list(await ctx.login('agent01', 'Learner2026'), 'zh-HK');
    expect(maps.maps[0].title).toBe('2026 年持牌必修');
  });

  it('a learner reads only their own maps: another learner’s map answers 404, and no id is taken from the query', async () => {
    const mine = await list(await ctx.login('agent01', 'Learner2026'));
    const token = await ctx.login('agent03', 'Learner2026');
    expect(await list(token)).toEqual({ maps: [], history: [] });
    expect((await ctx.request('/api/learning-map?user=1&userId=1', { token })).status).toBe(200);
    const res = await ctx.request(`/api/learning-map/${mine.maps[0].id}`, { token });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ status_code: 404, message: expect.stringMatching(/not one of yours/) });
  });

  it('bad input: a map id that is not an id is a translated 400, a huge one a 404', async () => {
    const token = await ctx.login('agent01', 'Learner2026');
    const bad = await ctx.request('/api/learning-map/abc', { token, headers: { [HEADER.language]: 'zh-HK' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ status_code: 400, message: expect.any(String) });
    expect((await ctx.request('/api/learning-map/99999999', { token })).status).toBe(404);
  });

  it('refuses a caller without a token, a forged token', async () => {
    expect((await ctx.request('/api/learning-map')).status).toBe(401);
    const token = await ctx.login('agent02', 'Learner2026');
    expect((await ctx.request('/api/learning-map', { token: `${token}x` })).status).toBe(401);
  });
});

describe('item states at the due day’s Hong Kong midnight, on the server’s clock', () => {
  it('the regulatory item is in progress one second before its due day ends, expired at it and one second after', async () => {
    const token = await ctx.login('agent01', 'Learner2026');
    const id = (await list(token)).maps[0].id;
    const due = (await detail(token, id)).items[2].due_on!;
    const ends = dueEndsAt(due).getTime();
    try {
      ctx.clock.set(ends - 1000);
      expect((await detail(await ctx.login('agent01', 'Learner2026'), id)).items[2].state).toBe('in_progress');
      ctx.clock.set(ends);
      expect((await detail(await ctx.login('agent01', 'Learner2026'), id)).items[2].state).toBe('expired');
      ctx.clock.set(ends + 1000);
      expect((await detail(await ctx.login('agent01', 'Learner2026'), id)).items[2].state).toBe('expired');
    } finally {
      ctx.clock.set(seedMoment);
    }
  });

  it('a completion recorded one second before the end is on time, one second after is late; the next item unlocks either way and keeps its due day', async () => {
    const token = await ctx.login('agent01', 'Learner2026');
    const id = (await list(token)).maps[0].id;
    const before = await detail(token, id);
    const ends = dueEndsAt(before.items[2].due_on!).getTime();
    const agent01 = await userIdOf('agent01');
    const regulatory = await courseIdOf('Regulatory Update 2026');
    const enrolment = and(eq(courseEnrolments.userId, agent01), eq(courseEnrolments.courseId, regulatory));
    const db = ctx.database.db;
    try {
      ctx.clock.set(ends + 86_400_000);
      await db.update(courseEnrolments).set({ status: 'completed', completedAt: new Date(ends - 1000) }).where(enrolment);
      let after = await detail(await ctx.login('agent01', 'Learner2026'), id);
      expect(after.items[2].state).toBe('completed');
      expect(after.items[3].state).toBe('not_started');
      await db.update(courseEnrolments).set({ completedAt: new Date(ends + 1000) }).where(enrolment);
      after = await detail(await ctx.login('agent01', 'Learner2026'), id);
      expect(after.items[2].state).toBe('completed_late');
      expect(after.items[3].state).toBe('not_started');
      expect(after.items[3].due_on).toBe(before.items[3].due_on);
      expect(after.progress).toBe(40);
    } finally {
      await db.update(courseEnrolments).set({ status: 'in_progress', completedAt: null }).where(enrolment);
      ctx.clock.set(seedMoment);
    }
  });
});

describe('POST /api/learning-map/:id/assignments (a manager, to their own downlines)', () => {
  const productsId = async () => String((await ctx.database.db.select({ id: learningMaps.id }).from(learningMaps).where(sql`${learningMaps.title} ->> 'en' = 'Product knowledge'`))[0].id);

  it('manager01 assigns Product knowledge to agent02, who then reads it; a second time it is kept as it was', async () => {
    const manager = await ctx.login('manager01', 'Manager2026');
    const catalogue = learningMapCatalogueSchema.parse(await (await ctx.request('/api/learning-map/catalogue', { token: manager })).json());
    const agent02 = catalogue.downlines.find((d) => d.agent_code === 'agent02')!;
    const map = catalogue.maps.find((m) => m.title === 'Product knowledge')!;
    expect(map.holders).not.toContain(agent02.id);
    const res = await ctx.request(`/api/learning-map/${map.id}/assignments`, { method: 'POST', token: manager, json: { user_ids: [agent02.id] } });
    expect(res.status).toBe(200);
    expect(learningMapAssignResultSchema.parse(await res.json())).toEqual({ assigned: [agent02.id], already: [] });
    const again = await ctx.request(`/api/learning-map/${map.id}/assignments`, { method: 'POST', token: manager, json: { user_ids: [agent02.id] } });
    expect(await again.json()).toEqual({ assigned: [], already: [agent02.id] });
    const theirs = await list(await ctx.login('agent02', 'Learner2026'));
    expect(theirs.maps.map((m) => m.title)).toEqual(['Product knowledge']);
  });

  it('403 for a learner, and for anyone who is not the manager’s downline (nothing assigned)', async () => {
    const id = await productsId();
    const learner = await ctx.login('agent01', 'Learner2026');
    const asLearner = await ctx.request(`/api/learning-map/${id}/assignments`, { method: 'POST', token: learner, json: { user_ids: [String(await userIdOf('agent03'))] } });
    expect(asLearner.status).toBe(403);
    expect((await ctx.request('/api/learning-map/catalogue', { token: learner })).status).toBe(403);
    const manager = await ctx.login('manager01', 'Manager2026');
    const stranger = String(await userIdOf('agent10'));
    const mixed = await ctx.request(`/api/learning-map/${id}/assignments`, { method: 'POST', token: manager, json: { user_ids: [String(await userIdOf('agent03')), stranger] } });
    expect(mixed.status).toBe(403);
    expect(await mixed.json()).toMatchObject({ status_code: 403, message: expect.stringMatching(/downline/) });
    expect(await list(await ctx.login('agent03', 'Learner2026'))).toEqual({ maps: [], history: [] });
  });

  it('bad input is a clear 4xx: no one, too many, not ids, no such map, no XSRF token', async () => {
    const id = await productsId();
    const manager = await ctx.login('manager01', 'Manager2026');
    const post = (path: string, json: unknown, extra = {}) => ctx.request(path, { method: 'POST', token: manager, json, ...extra });
    for (const body of [{ user_ids: [] }, { user_ids: Array.from({ length: 11 }, (_, i) => String(i + 1)) }, { user_ids: ['x'] }, {}, { user_ids: 'all' }]) {
      const res = await post(`/api/learning-map/${id}/assignments`, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ status_code: 400, message: expect.any(String) });
    }
    expect((await post('/api/learning-map/99999999/assignments', { user_ids: [String(await userIdOf('agent03'))] })).status).toBe(404);
    expect((await post(`/api/learning-map/${id}/assignments`, { user_ids: [String(await userIdOf('agent03'))] }, { xsrf: false })).status).toBe(403);
  });
});

describe('the feature flag (SPEC §9: off in the spec’s configuration)', () => {
  it('every learning-map endpoint answers 404 when it is off', async () => {
    const off = await createTestContext({ config: { demoMode: false } });
    try {
      const token = await off.login('agent01', 'Learner2026');
      expect((await off.request('/api/learning-map', { token })).status).toBe(404);
      expect((await off.request('/api/learning-map/1', { token })).status).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe('"learning map incomplete" from the scheduled job', () => {
  it('once per item and threshold (7 days, then 1 day before the due day ends), however many runs at once; never for a completed item', async () => {
    const db = ctx.database.db;
    const agent01 = await userIdOf('agent01');
    const [regulatoryItem] = await db
      .select({ dueOn: learningMapItems.dueOn })
      .from(learningMapItems)
      .where(eq(learningMapItems.courseId, await courseIdOf('Regulatory Update 2026')));
    const ends = dueEndsAt(regulatoryItem.dueOn!).getTime();
    const mine = async () => (await db.select({ id: notifications.id, title: notifications.title }).from(notifications).where(and(eq(notifications.userId, agent01), eq(notifications.kind, 'learning_map_incomplete')))).map((n) => n.title);
    expect(await runLearningMapReminders(db, new Date(ends - 7 * 86_400_000 - 1000))).toBe(0);
    const week = new Date(ends - 7 * 86_400_000);
    const runs = await Promise.all([runLearningMapReminders(db, week), runLearningMapReminders(db, week), runLearningMapReminders(db, week)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await mine()).toEqual(['Learning map: “Regulatory Update 2026” is due soon']);
    expect(await runLearningMapReminders(db, new Date(ends - 2 * 86_400_000))).toBe(0);
    expect(await runLearningMapReminders(db, new Date(ends - 86_400_000))).toBe(1);
    expect(await runLearningMapReminders(db, new Date(ends - 1000))).toBe(0);
    expect(await mine()).toHaveLength(2);
  });
});
