import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseDetailSchema, courseListResponseSchema, type CourseCard } from '../../src/api/schemas/courses.schema';
import { DEFAULT_COVER_URL, HEADER } from '../../src/config/constants';
import { eq } from 'drizzle-orm';
import { attachmentProgress, courseEnrolments, users } from '../db/schema';
import { createAttachment, createAttachmentItem, createContentTestContext, createCourse, createDepartment, createLesson, signIn, tri, type ContentTestContext, type Learner } from '../testing/content-factory';

// ADR 044: PostgreSQL writes a course card as JSON, for the lists and the course page alike. The
// rules the card had in JavaScript, checked on the wire: a missing translation falls back to
// English, the publication time is ISO 8601 in UTC with milliseconds, the progress is the share of
// items done rounded down, and 100 for a completed enrolment whatever its items.

let ctx: ContentTestContext;
let agent01: Learner;
let agent02: Learner;
let agent03: Learner;
const ids = { course: 0 };

beforeAll(async () => {
  ctx = await createContentTestContext();
  const db = ctx.database.db;
  const department = await createDepartment(db, tri('Claims', '理賠部', '理赔部'));
  ids.course = await createCourse(db, {
    departmentId: department,
    title: { en: 'Fallback', zh: '', cn: '后备' },
    kind: 'elective',
    publishedAt: new Date('2025-05-05T01:02:03.456Z'),
    cpdHours: 0.1,
    clicks: 3,
  });
  const lesson = await createLesson(db, ids.course, tri('Only'));
  const attachmentIds: number[] = [];
  for (const position of [1, 2, 3]) {
    const { id } = await createAttachment(ctx.deps, { name: `part-${position}.pdf`, type: 'pdf', content: Buffer.from(`%PDF-1.4 ${position}`), pageCount: 2 });
    await createAttachmentItem(db, { courseId: ids.course, lessonId: lesson, attachmentId: id, title: tri(`Part ${position}`), position });
    attachmentIds.push(id);
  }
  agent01 = await signIn(ctx, 'agent01');
  agent02 = await signIn(ctx, 'agent02');
  agent03 = await signIn(ctx, 'agent03');
  const now = new Date(ctx.clock.now());
  const idOf = async (externalId: string) => (await db.select({ id: users.id }).from(users).where(eq(users.externalId, externalId)))[0].id;
  const [first, second, third] = [await idOf('agent01'), await idOf('agent02'), await idOf('agent03')];
  // agent01: one item of three done; agent02: completed before two of the items were added, say.
  await db.insert(courseEnrolments).values([
    { userId: first, courseId: ids.course, status: 'in_progress', enrolledAt: now },
    { userId: second, courseId: ids.course, status: 'completed', enrolledAt: now, completedAt: now },
  ]);
  // agent03 opened two items without enrolling (nothing needs an enrolment to view an item).
  await db.insert(attachmentProgress).values([
    { userId: first, attachmentId: attachmentIds[0], completedPages: 2, finishedAt: now },
    ...attachmentIds.slice(0, 2).map((attachmentId) => ({ userId: third, attachmentId, completedPages: 2, finishedAt: now })),
  ]);
}, 60_000);
afterAll(() => ctx?.close());

async function card(learner: Learner, language: string): Promise<CourseCard> {
  const res = await learner.request('/api/courses', { headers: { [HEADER.language]: language } });
  expect(res.status).toBe(200);
  const page = courseListResponseSchema.parse(await res.json());
  expect(page).toMatchObject({ page: 1, per_page: 12, total: 1 });
  return page.data[0];
}

describe('a course card (ADR 044)', () => {
  it('says each field as the contract does, in the request’s language, English where a translation is missing', async () => {
    expect(await card(agent01, 'zh-HK')).toEqual({
      id: String(ids.course),
      title: 'Fallback',
      kind: 'elective',
      department: '理賠部',
      published_at: '2025-05-05T01:02:03.456Z',
      enrolment_count: 2,
      clicks: 3,
      likes: 0,
      liked: false,
      cover_url: DEFAULT_COVER_URL,
      cpd_hours: 0.1,
      status: 'in_progress',
      progress: 33,
    });
    expect(await card(agent01, 'zh-CN')).toMatchObject({ title: '后备', department: '理赔部' });
  });

  it('is 100% done for a completed enrolment, and the course page shows the same card', async () => {
    expect(await card(agent02, 'en')).toMatchObject({ status: 'completed', progress: 100 });
    for (const learner of [agent01, agent02, agent03]) {
      const detail = courseDetailSchema.parse(await (await learner.request(`/api/courses/${ids.course}`)).json());
      // The page counted its own click before it read the card.
      const listed = await card(learner, 'en');
      const { description, lessons, completed_items, total_items, completed_at, ...detailCard } = detail;
      expect(detailCard).toEqual(listed);
      expect([completed_items, total_items, lessons[0].items.length, description]).toEqual([learner === agent01 ? 1 : learner === agent03 ? 2 : 0, 3, 3, 'About Fallback']);
      expect(completed_at === null).toBe(learner !== agent02);
    }
  });

  it('shows no progress without an enrolment, though the course page counts the items done (ADR 055)', async () => {
    expect(await card(agent03, 'en')).toMatchObject({ status: 'not_enrolled', progress: 0 });
    const detail = courseDetailSchema.parse(await (await agent03.request(`/api/courses/${ids.course}`)).json());
    expect(detail).toMatchObject({ status: 'not_enrolled', progress: 0, completed_items: 2, total_items: 3 });
  });
});
