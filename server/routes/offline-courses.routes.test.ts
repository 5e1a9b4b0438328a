import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineCourseDetailSchema, offlineCourseListResponseSchema } from '../../src/api/schemas/offline-courses.schema';
import { HEADER } from '../../src/config/constants';
import { createTestContext } from '../test-support';
import { createAttachment, createContentTestContext, signIn, type ContentTestContext, type Learner } from '../testing/content-factory';
import { offlineMaterials } from '../db/schema';
import { createOfflineCourse, liveCode } from '../testing/offline-factory';

// Issue 14, ADR 031: the /offline list with its filters and paging, the course page with every SPEC §3
// display field, bad input of each kind, and the offlineCourse flag.

let ctx: ContentTestContext;
let agent01: Learner;
let now: Date;
const DAY = 86_400_000;
const ids: Record<string, number> = {};

const json = async <T>(res: Response, status = 200): Promise<T> => {
  const body = await res.text();
  expect(res.status, body).toBe(status);
  return JSON.parse(body) as T;
};
const list = async (query: string) => offlineCourseListResponseSchema.parse(await json(await agent01.request(`/api/offline_courses${query}`)));
const titles = async (query: string) => (await list(query)).data.map((c) => c.title);

beforeAll(async () => {
  ctx = await createContentTestContext();
  agent01 = await signIn(ctx, 'agent01');
  now = new Date(ctx.clock.now());
  const db = ctx.database.db;
  ids.soon = await createOfflineCourse(db, { title: 'Compliance Workshop', now, venue: 'Kowloon Centre', sessionStart: new Date(now.getTime() + 2 * DAY) });
  ids.later = await createOfflineCourse(db, { title: 'Sales Clinic', now, venue: 'Central Office', sessionStart: new Date(now.getTime() + 20 * DAY) });
  ids.full = await createOfflineCourse(db, { title: 'Full House', now, quota: 0, sessionStart: new Date(now.getTime() + 5 * DAY) });
  ids.closed = await createOfflineCourse(db, { title: 'Past Deadline', now, enrolDeadline: new Date(now.getTime() - DAY), sessionStart: new Date(now.getTime() + 6 * DAY) });
  ids.hidden = await createOfflineCourse(db, { title: 'Draft Course', now, published: false });
});
afterAll(() => ctx?.close());

describe('GET /api/offline_courses', () => {
  it('lists the published courses soonest first, paged, with the remaining quota and availability', async () => {
    const page = await list('');
    expect(page.data.map((c) => c.title)).toEqual(['Compliance Workshop', 'Full House', 'Past Deadline', 'Sales Clinic']);
    expect(page.total).toBe(4);
    const workshop = page.data[0];
    expect(workshop).toMatchObject({ venue: 'Kowloon Centre', quota: 20, remaining_quota: 20, availability: 'open', my_status: null, needs_approval: true });
    expect(page.data.find((c) => c.title === 'Full House')?.availability).toBe('full');
    expect(page.data.find((c) => c.title === 'Past Deadline')?.availability).toBe('closed');
    const second = await list('?per_page=2&page=2');
    expect(second).toMatchObject({ page: 2, per_page: 2, total: 4 });
    expect(second.data.map((c) => c.title)).toEqual(['Past Deadline', 'Sales Clinic']);
  });

  it('filters by keyword (any language), venue, date range and availability', async () => {
    expect(await titles('?q=workshop')).toEqual(['Compliance Workshop']);
    expect(await titles(`?q=${encodeURIComponent('Sales Clinic（繁）')}`)).toEqual(['Sales Clinic']);
    expect(await titles('?venue=central')).toEqual(['Sales Clinic']);
    const day = (ms: number) => new Date(now.getTime() + ms).toISOString().slice(0, 10);
    expect(await titles(`?from=${day(10 * DAY)}`)).toEqual(['Sales Clinic']);
    expect(await titles(`?to=${day(2 * DAY)}`)).toEqual(['Compliance Workshop']);
    expect(await titles(`?from=${day(3 * DAY)}&to=${day(6 * DAY)}`)).toEqual(['Full House', 'Past Deadline']);
    expect(await titles('?status=open')).toEqual(['Compliance Workshop', 'Sales Clinic']);
    expect(await titles('?status=full')).toEqual(['Full House']);
    expect(await titles('?status=closed')).toEqual(['Past Deadline']);
    expect(await titles('?q=100%25')).toEqual([]);
  });

  it.each([
    ['?page=0', 'The page number or page size is not valid.'],
    ['?per_page=51', 'The page number or page size is not valid.'],
    ['?from=2026-13-01', 'The date is not valid.'],
    ['?to=01/02/2026', 'The date is not valid.'],
    // Days PostgreSQL has no date for (year 0000), or whose next midnight it cannot name: a 500 before.
    ['?from=0000-01-01', 'The date is not valid.'],
    ['?to=9999-12-31', 'The date is not valid.'],
    ['?status=soon', undefined],
    [`?q=${'x'.repeat(101)}`, 'The text is too long.'],
  ])('refuses %s with a translated 400', async (query, message) => {
    const body = await json<{ message: string }>(await agent01.request(`/api/offline_courses${query}`), 400);
    if (message) expect(body.message).toBe(message);
    else expect(body.message.length).toBeGreaterThan(5);
  });

  it('answers 400 in the request’s language', async () => {
    const body = await json<{ message: string }>(await agent01.request('/api/offline_courses?from=x', { headers: { [HEADER.language]: 'zh-HK' } }), 400);
    expect(body.message).not.toBe('The date is not valid.');
    expect(body.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('needs a signed-in learner', async () => {
    expect((await ctx.request('/api/offline_courses')).status).toBe(401);
  });
});

describe('GET /api/offline_courses/:id', () => {
  it('answers every SPEC §3 display field, the sessions and the caller’s enrolment, but never the check-in codes', async () => {
    const res = await agent01.request(`/api/offline_courses/${ids.soon}`, { headers: { [HEADER.language]: 'zh-CN' } });
    const raw = await res.text();
    expect(res.status, raw).toBe(200);
    const course = offlineCourseDetailSchema.parse(JSON.parse(raw));
    for (const s of course.sessions) {
      expect(raw).not.toContain(await liveCode(ctx.database.db, s.id, 'in', ctx.clock.now()));
      expect(raw).not.toContain(await liveCode(ctx.database.db, s.id, 'out', ctx.clock.now()));
      expect(raw).not.toMatch(/secret/i);
    }
    expect(course).toMatchObject({
      title: 'Compliance Workshop（简）',
      venue: 'Kowloon Centre（简）',
      initiator: 'Learning and Development（简）',
      remarks: 'Bring your agent card（简）',
      enquiry_email: 'training@agent-academy.test',
      fee: 0,
      remaining_quota: 20,
      duration_hours: 2,
      prerequisites: [],
      prerequisites_met: true,
      my_enrolment: null,
      materials: [],
    });
    expect(course.sessions).toHaveLength(1);
    expect(course.applications_open_at).toBe(new Date(now.getTime() - DAY).toISOString());
    expect(course.cancel_deadline).toBe(new Date(now.getTime() + 7 * DAY).toISOString());
  });

  it('answers 404 for an unknown or unpublished course and 400 for a malformed id', async () => {
    expect((await agent01.request('/api/offline_courses/999999')).status).toBe(404);
    expect((await agent01.request(`/api/offline_courses/${ids.hidden}`)).status).toBe(404);
    expect((await agent01.request('/api/offline_courses/abc')).status).toBe(400);
  });
});

describe('the offlineCourse flag', () => {
  it('off: every offline endpoint answers 404', async () => {
    const off = await createTestContext({ config: { offlineCourse: false } });
    try {
      const learner = await signIn(off, 'agent01');
      const config = await json<{ appEnabledFunction: { offlineCourse: boolean } }>(await learner.request('/api/app-config'));
      expect(config.appEnabledFunction.offlineCourse).toBe(false);
      for (const [path, init] of [
        ['/api/offline_courses', {}],
        ['/api/offline_courses/1', {}],
        ['/api/offline_enrolments', {}],
        ['/api/offline_courses/1/enrolments', { method: 'POST', json: { terms_accepted: true } }],
        ['/api/offline_enrolments/1/cancel', { method: 'POST' }],
      ] as const) {
        const res = await learner.request(path, init);
        expect(res.status, path).toBe(404);
      }
    } finally {
      await off.close();
    }
  });
});

describe("a classroom course's materials (issue 14)", () => {
  it('open through the attachment viewer while the course is published, even outside the material library', async () => {
    const db = ctx.database.db;
    const { id: listed } = await createAttachment(ctx.deps, { name: 'Handout.pdf', type: 'pdf', content: new TextEncoder().encode('%PDF-1.4'), isMaterial: false, pageCount: 1 });
    const { id: hidden } = await createAttachment(ctx.deps, { name: 'Draft.pdf', type: 'pdf', content: new TextEncoder().encode('%PDF-1.4'), isMaterial: false, pageCount: 1 });
    const { id: unpublished } = await createAttachment(ctx.deps, { name: 'Later.pdf', type: 'pdf', content: new TextEncoder().encode('%PDF-1.4'), isMaterial: false, pageCount: 1 });
    await db.insert(offlineMaterials).values({ offlineCourseId: ids.soon, attachmentId: listed, position: 1 });
    const draft = await createOfflineCourse(db, { title: 'Unpublished with material', now, published: false });
    await db.insert(offlineMaterials).values({ offlineCourseId: draft, attachmentId: unpublished, position: 1 });
    const course = offlineCourseDetailSchema.parse(await json(await agent01.request(`/api/offline_courses/${ids.soon}`)));
    expect(course.materials).toEqual([{ id: String(listed), name: 'Handout.pdf', type: 'pdf' }]);
    expect((await json<{ name: string }>(await agent01.request(`/api/attachments/${listed}`))).name).toBe('Handout.pdf');
    expect((await agent01.request(`/api/attachments/${hidden}`)).status).toBe(404);
    expect((await agent01.request(`/api/attachments/${unpublished}`)).status).toBe(404);
  });
});
