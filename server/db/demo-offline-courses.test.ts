import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineCourseDetailSchema, offlineCourseListResponseSchema } from '../../src/api/schemas/offline-courses.schema';
import { HEADER } from '../../src/config/constants';
import { createTestContext, type TestContext } from '../test-support';
import { signIn } from '../testing/content-factory';
import { setClockToSeedMoment } from '../testing/seed-moment';
import { DEMO_MANAGEMENT_CLASSROOMS } from './fixtures/demo-management';
import { DEMO_OFFLINE_COURSES } from './fixtures/demo-offline-courses';
import { offlineCourses, offlineEnrolments, users } from './schema';

// Issue 14 demo content (ADR 031), read through the API at the seed's "today": the test template was
// seeded at some moment, so the clock is set to the MPF briefing's start first.

let ctx: TestContext;
const find = async (en: string) => (await ctx.database.db.select().from(offlineCourses).where(sql`${offlineCourses.title} ->> 'en' = ${en}`))[0];

beforeAll(async () => {
  ctx = await createTestContext();
  await setClockToSeedMoment(ctx);
});
afterAll(() => ctx?.close());

describe('demo classroom courses', () => {
  it('four courses in three languages; the MPF briefing has a session today whose window is open, and agent01 holds a confirmed seat', async () => {
    const agent01 = await signIn(ctx, 'agent01');
    for (const [lang, header] of [['zh', 'zh-HK'], ['cn', 'zh-CN'], ['en', 'en']] as const) {
      const page = offlineCourseListResponseSchema.parse(await (await agent01.request('/api/offline_courses', { headers: { [HEADER.language]: header } })).json());
      // The management demo adds two classroom courses (fixtures/demo-management.ts).
      expect(page.data.map((c) => c.title).sort()).toEqual([...DEMO_OFFLINE_COURSES, ...DEMO_MANAGEMENT_CLASSROOMS].map((c) => c.title[lang]).sort());
    }
    const mpf = await find('MPF Product Briefing');
    const detail = offlineCourseDetailSchema.parse(await (await agent01.request(`/api/offline_courses/${mpf.id}`)).json());
    const now = ctx.clock.now();
    expect(Date.parse(detail.sessions[0].window_opens_at)).toBeLessThanOrEqual(now);
    expect(Date.parse(detail.sessions[0].window_closes_at)).toBeGreaterThan(now);
    expect(detail.my_enrolment?.status).toBe('confirmed');
    expect(detail.materials.length).toBeGreaterThan(0);
  });

  it('the ethics workshop is full with a waiting list; the needs clinic names the prerequisites agent01 lacks; the open day needs no approval', async () => {
    const agent01 = await signIn(ctx, 'agent01');
    const get = async (en: string) => offlineCourseDetailSchema.parse(await (await agent01.request(`/api/offline_courses/${(await find(en)).id}`)).json());
    const workshop = await get('Ethics Case Workshop');
    expect(workshop).toMatchObject({ availability: 'full', remaining_quota: 0 });
    const waiting = await ctx.database.db.select().from(offlineEnrolments).where(and(eq(offlineEnrolments.courseId, Number(workshop.id)), eq(offlineEnrolments.status, 'waiting')));
    expect(waiting).toHaveLength(1);

    const clinic = await get('Advanced Needs Analysis Clinic');
    expect(clinic.prerequisites_met).toBe(false);
    const refused = await agent01.request(`/api/offline_courses/${clinic.id}/enrolments`, { method: 'POST', json: { terms_accepted: true } });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toContain('Financial Needs Analysis');

    const openDay = await get('Customer Service Open Day');
    expect(openDay).toMatchObject({ needs_approval: false, availability: 'open' });
    const enrolled = await agent01.request(`/api/offline_courses/${openDay.id}/enrolments`, { method: 'POST', json: { terms_accepted: true } });
    expect(((await enrolled.json()) as { status: string }).status).toBe('confirmed');
  });

  it("manager01's downlines have pending enrolments to decide", async () => {
    const db = ctx.database.db;
    const [manager] = await db.select().from(users).where(eq(users.externalId, 'manager01'));
    const downlines = (await db.select({ id: users.id }).from(users).where(eq(users.uplineId, manager.id))).map((u) => u.id);
    const pending = await db.select().from(offlineEnrolments).where(and(eq(offlineEnrolments.status, 'pending'), inArray(offlineEnrolments.userId, downlines)));
    expect(pending.length).toBeGreaterThanOrEqual(2);
  });
});
