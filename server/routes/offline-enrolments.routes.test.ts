import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineCourseDetailSchema } from '../../src/api/schemas/offline-courses.schema';
import { offlineEnrolmentListResponseSchema, offlineEnrolmentSchema, type OfflineEnrolment } from '../../src/api/schemas/offline-enrolments.schema';
import { HEADER } from '../../src/config/constants';
import { notificationMessages, notifications } from '../db/schema';
import { refreshCompletion } from '../domain/courses';
import { renderNotification } from '../domain/notification-messages';
import { createContentTestContext, createCourse, createDepartment, createLesson, createReadingItem, signIn, tri, type ContentTestContext, type Learner } from '../testing/content-factory';
import { createOfflineCourse, liveCode } from '../testing/offline-factory';
import { completeReadings, userIdOf } from '../testing/quiz-factory';

// Issue 14, ADR 031: enrol (terms, prerequisites AND/OR, application date and deadline, quota and the
// waiting list), cancel (deadline, promotion of the first waiting), my enrolments; another learner's
// enrolment is never readable or cancellable.

let ctx: ContentTestContext;
let agent01: Learner;
let agent02: Learner;
let agent03: Learner;
let now: Date;
let uid01: number;
let uid02: number;
let department: number;
const DAY = 86_400_000;

const json = async <T>(res: Response, status = 200): Promise<T> => {
  const body = await res.text();
  expect(res.status, body).toBe(status);
  return JSON.parse(body) as T;
};
const enrol = (who: Learner, courseId: number, body: unknown = { terms_accepted: true }, lang?: string) =>
  who.request(`/api/offline_courses/${courseId}/enrolments`, { method: 'POST', json: body, headers: lang ? { [HEADER.language]: lang } : {} });
const enrolOk = async (who: Learner, courseId: number, body: unknown = { terms_accepted: true }): Promise<OfflineEnrolment> =>
  offlineEnrolmentSchema.parse(await json(await enrol(who, courseId, body)));
const cancel = (who: Learner, enrolmentId: string) => who.request(`/api/offline_enrolments/${enrolmentId}/cancel`, { method: 'POST' });
const detail = async (who: Learner, courseId: number) => offlineCourseDetailSchema.parse(await json(await who.request(`/api/offline_courses/${courseId}`)));
const course = (title: string, extra: Partial<Parameters<typeof createOfflineCourse>[1]> = {}) => createOfflineCourse(ctx.database.db, { title, now, ...extra });

/** An e-learning course with one reading; `done` users have completed it. */
async function elearning(title: string, done: number[] = []): Promise<number> {
  const id = await createCourse(ctx.database.db, { departmentId: department, title: tri(title), publishedAt: new Date('2025-01-01T00:00:00Z') });
  const lesson = await createLesson(ctx.database.db, id, tri('Lesson'));
  await createReadingItem(ctx.database.db, { courseId: id, lessonId: lesson, title: tri(`${title} reading`), requiredSeconds: 5 });
  for (const user of done) await complete(user, id);
  return id;
}
/** The user has completed the e-learning course (its enrolment is completed). */
async function complete(userId: number, courseId: number): Promise<void> {
  await completeReadings(ctx.database.db, userId, courseId, new Date(now.getTime() - 3_600_000));
  expect(await refreshCompletion(ctx.database.db, userId, courseId, now)).toBe(true);
}

beforeAll(async () => {
  ctx = await createContentTestContext();
  agent01 = await signIn(ctx, 'agent01');
  agent02 = await signIn(ctx, 'agent02');
  agent03 = await signIn(ctx, 'agent03');
  now = new Date(ctx.clock.now());
  uid01 = await userIdOf(ctx.database.db, 'agent01');
  uid02 = await userIdOf(ctx.database.db, 'agent02');
  department = await createDepartment(ctx.database.db, tri('Compliance'));
});
afterAll(() => ctx?.close());

describe('POST /api/offline_courses/:id/enrolments', () => {
  it('is pending until the upline decides, or confirmed at once without approval; the course page shows it', async () => {
    const approval = await course('Needs approval');
    const direct = await course('No approval', { needsApproval: false });
    const pending = await enrolOk(agent01, approval);
    expect(pending).toMatchObject({ status: 'pending', course_title: 'Needs approval', can_cancel: true, waiting_position: null });
    expect((await enrolOk(agent01, direct)).status).toBe('confirmed');
    const page = await detail(agent01, approval);
    expect(page).toMatchObject({ remaining_quota: 19, my_status: 'pending', my_enrolment: { id: pending.id, status: 'pending' } });
    // Another learner sees the seat taken but not the enrolment.
    expect(await detail(agent02, approval)).toMatchObject({ remaining_quota: 19, my_status: null, my_enrolment: null });
  });

  it.each([
    [{}, 'Please accept the terms and conditions.'],
    [{ terms_accepted: false }, 'Please accept the terms and conditions.'],
    [{ terms_accepted: 'yes' }, 'Please accept the terms and conditions.'],
    [{ terms_accepted: true, join_waiting_list: 'yes' }, 'The value must be true or false.'],
  ])('refuses %j with a translated 400', async (body, message) => {
    const id = await course('Terms');
    expect((await json<{ message: string }>(await enrol(agent01, id, body), 400)).message).toBe(message);
    const zh = await json<{ message: string }>(await enrol(agent01, id, { terms_accepted: false }, 'zh-HK'), 400);
    expect(zh.message).toBe('請接受條款及細則。');
  });

  it('refuses a malformed or unknown course id (400, 404)', async () => {
    expect((await enrol(agent01, 'x' as unknown as number)).status).toBe(400);
    expect((await enrol(agent01, 999999)).status).toBe(404);
    expect((await enrol(agent01, await course('Draft', { published: false }))).status).toBe(404);
  });

  it('checks prerequisites as AND of OR groups and names each unmet one', async () => {
    const a = await elearning('Ethics Basics', [uid01, uid02]);
    const b = await elearning('Product Knowledge');
    const c = await elearning('Needs Analysis', [uid02]);
    const id = await course('Advanced Selling', { prerequisites: [[a], [b, c]] });
    const refused = await json<{ message: string; code: string }>(await enrol(agent01, id), 403);
    expect(refused.code).toBe('OfflinePrerequisiteNotMet');
    expect(refused.message).toBe('Prerequisite not met: complete “Product Knowledge” / “Needs Analysis” first.');
    expect(refused.message).not.toContain('Ethics Basics');
    const page = await detail(agent01, id);
    expect(page.prerequisites_met).toBe(false);
    expect(page.prerequisites.map((g) => g.met)).toEqual([true, false]);
    // agent03 has neither: both groups named.
    const both = await json<{ message: string }>(await enrol(agent03, id), 403);
    expect(both.message).toContain('“Ethics Basics”, “Product Knowledge” / “Needs Analysis”');
    // agent02 has A and C: met.
    expect((await enrolOk(agent02, id)).status).toBe('pending');
    // Completing B meets the OR group for agent01.
    await complete(uid01, b);
    expect((await enrolOk(agent01, id)).status).toBe('pending');
  });

  it('is refused before the application date and after the enrolment deadline (403, no permission to join)', async () => {
    const early = await course('Not yet', { applicationsOpenAt: new Date(now.getTime() + DAY) });
    const late = await course('Too late', { enrolDeadline: new Date(now.getTime() - 1000) });
    for (const id of [early, late]) {
      const body = await json<{ message: string; code: string }>(await enrol(agent01, id), 403);
      expect(body).toMatchObject({ code: 'OfflineEnrolmentClosed', message: 'You have no permission to join this course: enrolment is not open now.' });
    }
  });

  it('refuses a second active enrolment (409); after a cancel the learner may apply again', async () => {
    const id = await course('Twice');
    const first = await enrolOk(agent01, id);
    expect((await json<{ code: string }>(await enrol(agent01, id), 409)).code).toBe('OfflineAlreadyEnrolled');
    await json(await cancel(agent01, first.id));
    expect((await enrolOk(agent01, id)).status).toBe('pending');
  });

  it('when full: 409 no quota left, or the waiting list on request; a cancel promotes the first in line, who is notified', async () => {
    const id = await course('Small room', { quota: 1, needsApproval: false });
    const seat = await enrolOk(agent01, id);
    const refused = await json<{ message: string; code: string }>(await enrol(agent02, id), 409);
    expect(refused).toMatchObject({ code: 'OfflineNoQuota', message: 'This course has no quota left. You may join the waiting list.' });
    const second = await enrolOk(agent02, id, { terms_accepted: true, join_waiting_list: true });
    const third = await enrolOk(agent03, id, { terms_accepted: true, join_waiting_list: true });
    expect([second.status, second.waiting_position, third.waiting_position]).toEqual(['waiting', 1, 2]);
    expect((await detail(agent02, id)).availability).toBe('full');

    const cancelled = offlineEnrolmentSchema.parse(await json(await cancel(agent01, seat.id)));
    expect(cancelled).toMatchObject({ status: 'cancelled', can_cancel: false });
    expect((await detail(agent02, id)).my_enrolment).toMatchObject({ id: second.id, status: 'confirmed' });
    expect((await detail(agent03, id)).my_enrolment).toMatchObject({ status: 'waiting', waiting_position: 1 });
    const notes = await ctx.database.db.select().from(notifications).where(and(eq(notifications.userId, uid02), eq(notifications.title, 'A place in Small room')));
    expect(notes).toHaveLength(1);
    expect(notes[0].body).toContain('confirmed');
    // Its keys are kept, so it reads in the learner's language (the course title too).
    const [message] = await ctx.database.db.select().from(notificationMessages).where(eq(notificationMessages.notificationId, notes[0].id));
    expect(message).toMatchObject({ titleKey: 'server:offline_promoted_title', bodyKey: 'server:offline_promoted_confirmed' });
    expect(renderNotification(message, 'zh').title).not.toBe(notes[0].title);
    expect(renderNotification(message, 'zh').title).toContain(tri('Small room').zh);
  });

  it('cancelling a waiting enrolment frees no seat and promotes nobody', async () => {
    const id = await course('Tiny', { quota: 1 });
    await enrolOk(agent01, id);
    const waiting = await enrolOk(agent02, id, { terms_accepted: true, join_waiting_list: true });
    const third = await enrolOk(agent03, id, { terms_accepted: true, join_waiting_list: true });
    await json(await cancel(agent02, waiting.id));
    expect((await detail(agent03, id)).my_enrolment).toMatchObject({ id: third.id, status: 'waiting', waiting_position: 1 });
    expect((await detail(agent01, id)).remaining_quota).toBe(0);
  });
});

describe('POST /api/offline_enrolments/:id/cancel', () => {
  it('another learner’s enrolment is neither cancellable nor listed (404, its existence not disclosed)', async () => {
    const id = await course('Private');
    const mine = await enrolOk(agent01, id);
    const body = await json<{ message: string }>(await cancel(agent02, mine.id), 404);
    expect(body.message).toBe('The enrolment was not found.');
    const theirs = offlineEnrolmentListResponseSchema.parse(await json(await agent02.request('/api/offline_enrolments?per_page=50')));
    expect(theirs.data.map((e) => e.id)).not.toContain(mine.id);
    expect((await detail(agent01, id)).my_enrolment?.status).toBe('pending');
  });

  it('is refused after the cancellation deadline (403), twice (409), for an unknown or malformed id (404, 400)', async () => {
    const id = await course('Strict', { cancelDeadline: new Date(now.getTime() + 60_000) });
    const e = await enrolOk(agent01, id);
    ctx.clock.advance(120_000);
    try {
      const closed = await json<{ code: string; message: string }>(await cancel(agent01, e.id), 403);
      expect(closed).toMatchObject({ code: 'OfflineCancelClosed', message: 'The cancellation deadline of this course has passed.' });
      expect((await detail(agent01, id)).my_enrolment).toMatchObject({ status: 'pending', can_cancel: false });
    } finally {
      ctx.clock.advance(-120_000);
    }
    const other = await enrolOk(agent01, await course('Loose'));
    await json(await cancel(agent01, other.id));
    expect((await json<{ code: string }>(await cancel(agent01, other.id), 409)).code).toBe('OfflineNotCancellable');
    expect((await cancel(agent01, '999999')).status).toBe(404);
    expect((await cancel(agent01, 'abc')).status).toBe(400);
  });
});

describe('GET /api/offline_enrolments', () => {
  it('lists the caller’s enrolments and history, newest first, filtered by status and paged', async () => {
    const fresh = await signIn(ctx, 'recruit01', 'Recruit2026');
    const a = await course('History A');
    const b = await course('History B', { needsApproval: false });
    const first = await enrolOk(fresh, a);
    ctx.clock.advance(1000);
    await enrolOk(fresh, b);
    await json(await cancel(fresh, first.id));
    const all = offlineEnrolmentListResponseSchema.parse(await json(await fresh.request('/api/offline_enrolments')));
    expect(all.data.map((e) => [e.course_title, e.status])).toEqual([
      ['History B', 'confirmed'],
      ['History A', 'cancelled'],
    ]);
    expect(all.total).toBe(2);
    const cancelled = offlineEnrolmentListResponseSchema.parse(await json(await fresh.request('/api/offline_enrolments?status=cancelled')));
    expect(cancelled.data.map((e) => e.course_title)).toEqual(['History A']);
    const paged = offlineEnrolmentListResponseSchema.parse(await json(await fresh.request('/api/offline_enrolments?per_page=1&page=2')));
    expect(paged.data.map((e) => e.course_title)).toEqual(['History A']);
    expect((await fresh.request('/api/offline_enrolments?status=maybe')).status).toBe(400);
    expect((await fresh.request('/api/offline_enrolments?page=-1')).status).toBe(400);
    expect((await ctx.request('/api/offline_enrolments')).status).toBe(401);
  });
});

describe('POST /api/offline_sessions/:id/check_in and check_out (last: moves the clock on)', () => {
  it('needs a confirmed enrolment, the session window, the right codes, once each; records the minutes within the session', async () => {
    const start = new Date(now.getTime() + 3_600_000);
    const id = await course('Attendance', { needsApproval: false, sessionStart: start });
    const pendingCourse = await course('Attendance pending', { sessionStart: start });
    await enrolOk(agent01, id);
    await enrolOk(agent02, pendingCourse);
    const session = (await detail(agent01, id)).sessions[0].id;
    const pendingSession = (await detail(agent02, pendingCourse)).sessions[0].id;
    const post = (who: Learner, sid: string, which: 'check_in' | 'check_out', body: unknown) =>
      who.request(`/api/offline_sessions/${sid}/${which}`, { method: 'POST', json: body });
    const refusal = async (res: Response, status: number) => json<{ message: string; code?: string }>(res, status);
    const code = (sid: string, kind: 'in' | 'out') => liveCode(ctx.database.db, sid, kind, ctx.clock.now());

    // Before the window (it opens half an hour before the start).
    expect(await refusal(await post(agent01, session, 'check_in', { code: 'IN1234' }), 403)).toMatchObject({
      code: 'OfflineSessionNotOpen',
      message: 'This session is not available to check in or out now.',
    });
    ctx.clock.set(start.getTime() - 10 * 60_000);
    const a1 = await signIn(ctx, 'agent01');
    const a2 = await signIn(ctx, 'agent02');
    expect((await refusal(await post(a2, pendingSession, 'check_in', { code: 'IN1234' }), 403)).code).toBe('OfflineNotEnrolled');
    expect((await refusal(await post(a1, session, 'check_in', { code: 'WRONG1' }), 400)).message).toBe('The check-in code is wrong.');
    expect((await refusal(await post(a1, session, 'check_in', { code: '' }), 400)).message).toBe('Please enter the code (letters and digits, at most 20).');
    expect((await refusal(await post(a1, session, 'check_in', {}), 400)).message).toBe('Please enter the code (letters and digits, at most 20).');
    expect((await refusal(await post(a1, session, 'check_out', { code: await code(session, 'out') }), 409)).message).toBe('Please check in before you check out.');
    expect((await refusal(await post(a1, '999999', 'check_in', { code: 'IN1234' }), 404)).message).toBe('The session was not found.');
    expect((await post(a1, 'abc', 'check_in', { code: 'IN1234' })).status).toBe(400);

    expect((await detail(a1, id)).sessions[0].my_attendance).toBeNull();
    const checkedIn = await json<{ checked_in_at: string; attended_minutes: number }>(await post(a1, session, 'check_in', { code: (await code(session, 'in')).toLowerCase() }));
    expect((await detail(a1, id)).sessions[0].my_attendance).toMatchObject({ checked_in_at: checkedIn.checked_in_at, checked_out_at: null });
    expect((await detail(a2, id)).sessions[0].my_attendance).toBeNull();
    expect(checkedIn).toMatchObject({ checked_in_at: new Date(start.getTime() - 10 * 60_000).toISOString(), attended_minutes: 0 });
    expect((await refusal(await post(a1, session, 'check_in', { code: await code(session, 'in') }), 409)).message).toBe('You have already checked in to this session.');

    ctx.clock.set(start.getTime() + 90 * 60_000);
    const b1 = await signIn(ctx, 'agent01');
    expect((await refusal(await post(b1, session, 'check_out', { code: await code(session, 'in') }), 400)).message).toBe('The check-out code is wrong.');
    // Minutes count from the session's start, not the early check-in.
    expect(await json(await post(b1, session, 'check_out', { code: await code(session, 'out') }))).toMatchObject({ attended_minutes: 90 });
    // The course page shows the caller's attendance of each session (and nobody else's).
    const attendedCourse = (await detail(b1, id)).sessions.find((s) => s.id === session);
    expect(attendedCourse?.my_attendance).toEqual({ checked_in_at: checkedIn.checked_in_at, checked_out_at: new Date(start.getTime() + 90 * 60_000).toISOString(), attended_minutes: 90 });
    expect((await refusal(await post(b1, session, 'check_out', { code: await code(session, 'out') }), 409)).message).toBe('You have already checked out of this session.');

    // After the window (half an hour after the two-hour session).
    const late = await course('Attendance late', { needsApproval: false, sessionStart: new Date(start.getTime() - 24 * 3_600_000) });
    ctx.clock.set(start.getTime() + 91 * 60_000);
    const c1 = await signIn(ctx, 'agent01');
    const lateDetail = await detail(c1, late);
    expect(lateDetail.availability).toBe('open');
    await enrolOk(c1, late);
    expect((await refusal(await post(c1, lateDetail.sessions[0].id, 'check_in', { code: 'IN1234' }), 403)).code).toBe('OfflineSessionNotOpen');
  });
});
