import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveAllResultSchema, assignResultSchema, downlineListSchema, managedEnrolmentListSchema, managedEnrolmentSchema, reportSchema } from '../../src/api/schemas/management.schema';
import { offlineEnrolmentSchema } from '../../src/api/schemas/offline-enrolments.schema';
import { HEADER } from '../../src/config/constants';
import { hashPassword } from '../auth/password';
import {
  courseEnrolments,
  managementCourseRules,
  managementOfflineCourseRules,
  notificationMessages,
  notifications,
  offlineAttendance,
  offlineCourses,
  offlineEnrolments,
  offlineSessions,
  onScreenLogs,
  users,
} from '../db/schema';
import { iaYearOf } from '../domain/management';
import { renderNotification } from '../domain/notification-messages';
import { enrolOffline } from '../domain/offline-enrolments';
import { createContentTestContext, createCourse, createDepartment, signIn, tri, type ContentTestContext, type Learner } from '../testing/content-factory';
import { createAgents, createOfflineCourse, enrolmentStatuses } from '../testing/offline-factory';
import { userIdOf } from '../testing/quiz-factory';

// Issue 14, management: a manager decides (approve, reject with a reason, approve all), assigns up to
// 10 downlines (SPEC §9) and reads the user report, for their OWN downlines only; every bad input is
// a translated 4xx; learners, recruits and other managers read and decide nothing of theirs.

let ctx: ContentTestContext;
let manager01: Learner;
let manager02: Learner;
let agent01: Learner;
let agent02: Learner;
let agent03: Learner;
let recruit01: Learner;
let now: Date;
const uid: Record<string, number> = {};
let strangerId: number;
const HOUR = 3_600_000;

const json = async <T>(res: Response, status = 200): Promise<T> => {
  const body = await res.text();
  expect(res.status, body).toBe(status);
  return JSON.parse(body) as T;
};
const messageOf = async (res: Response, status: number) => (await json<{ message: string }>(res, status)).message;
const post = (who: Learner, path: string, body: unknown = {}, lang?: string) =>
  who.request(path, { method: 'POST', json: body, headers: lang ? { [HEADER.language]: lang } : {} });
const get = (who: Learner, path: string, lang?: string) => who.request(path, { headers: lang ? { [HEADER.language]: lang } : {} });
const course = (title: string, extra: Partial<Parameters<typeof createOfflineCourse>[1]> = {}) => createOfflineCourse(ctx.database.db, { title, now, ...extra });
const enrol = async (who: Learner, courseId: number) =>
  offlineEnrolmentSchema.parse(await json(await post(who, `/api/offline_courses/${courseId}/enrolments`, { terms_accepted: true })));
const list = async (who: Learner, query: string) => managedEnrolmentListSchema.parse(await json(await get(who, `/api/management/enrolments?${query}`)));
const statusOf = async (enrolmentId: string) =>
  (await ctx.database.db.select({ s: offlineEnrolments.status }).from(offlineEnrolments).where(eq(offlineEnrolments.id, Number(enrolmentId))))[0].s;

beforeAll(async () => {
  ctx = await createContentTestContext();
  const db = ctx.database.db;
  // Noon UTC, the next one (the clock only moves forward): the report counts the last hours'
  // activity as today's, which failed when the tests ran between midnight and 03:00 UTC.
  const noon = new Date(ctx.clock.now());
  noon.setUTCHours(12, 0, 0, 0);
  if (noon.getTime() < ctx.clock.now()) noon.setUTCDate(noon.getUTCDate() + 1);
  ctx.clock.set(noon.getTime());
  now = new Date(ctx.clock.now());
  // A second manager with a downline of their own.
  const [m2] = await db
    .insert(users)
    .values({ externalId: 'manager02', name: 'Fung Ka Ho', email: 'manager02@agent-academy.test', passwordHash: await hashPassword('Manager2026'), role: 'manager', managerId: 'M0002', passwordReset: true })
    .returning({ id: users.id });
  [strangerId] = await createAgents(db, 'stranger', 1);
  await db.update(users).set({ uplineId: m2.id }).where(eq(users.id, strangerId));
  manager01 = await signIn(ctx, 'manager01', 'Manager2026');
  manager02 = await signIn(ctx, 'manager02', 'Manager2026');
  agent01 = await signIn(ctx, 'agent01');
  agent02 = await signIn(ctx, 'agent02');
  agent03 = await signIn(ctx, 'agent03');
  recruit01 = await signIn(ctx, 'recruit01', 'Recruit2026');
  for (const name of ['manager01', 'agent01', 'agent02', 'agent03', 'recruit01']) uid[name] = await userIdOf(db, name);
});
afterAll(() => ctx?.close());

describe('GET /api/management/enrolments', () => {
  it("lists the pending of the manager's downlines only, in request order, with search and paging", async () => {
    const c = await course('Listing Briefing');
    const e2 = await enrol(agent02, c);
    const e3 = await enrol(agent03, c);
    await enrolOffline(ctx.database.db, c, { terms_accepted: true }, { userId: strangerId, lang: 'en', now, config: ctx.services.config });
    const page = await list(manager01, 'list=pending&q=Listing');
    expect(page.data.map((e) => e.id)).toEqual([e2.id, e3.id]);
    expect(page.data[0]).toMatchObject({ user_name: 'Wong Siu Ming', agent_code: 'agent02', course_title: 'Listing Briefing', status: 'pending', remaining_quota: 17, blocked: null });
    expect((await list(manager01, 'list=pending&q=agent03')).data.map((e) => e.id)).toEqual([e3.id]);
    const first = await list(manager01, 'list=pending&q=Listing&per_page=1&page=2');
    expect(first).toMatchObject({ total: 2, page: 2, per_page: 1 });
    expect(first.data.map((e) => e.id)).toEqual([e3.id]);
    // manager02 sees only their own downline's.
    expect((await list(manager02, 'list=pending&q=Listing')).data.map((e) => e.agent_code)).toEqual(['stranger0']);
  });

  it.each([
    ['list=everything', 'en', 'Choose pending, confirmed or rejected.'],
    ['', 'zh', '請選擇等待審批、已確認或已拒絕。'],
    ['list=pending&page=0', 'en', 'The page number or page size is not valid.'],
    [`list=pending&q=${'x'.repeat(101)}`, 'cn', '文字太长。'],
  ])('a bad query (%s) is a translated 400', async (query, lang, message) => {
    expect(await messageOf(await get(manager01, `/api/management/enrolments?${query}`, lang), 400)).toBe(message);
  });
});

describe('approve and reject', () => {
  it('approve confirms and notifies the learner (readable in their language); a second approve is 409', async () => {
    const c = await course('Approve Day');
    const e = await enrol(agent01, c);
    const done = managedEnrolmentSchema.parse(await json(await post(manager01, `/api/management/enrolments/${e.id}/approve`)));
    expect(done).toMatchObject({ id: e.id, status: 'confirmed', remaining_quota: 19 });
    expect(done.decided_at).toBe(now.toISOString());
    expect((await list(manager01, 'list=confirmed&q=Approve Day')).data.map((x) => x.id)).toEqual([e.id]);
    const [note] = await ctx.database.db
      .select({ n: notifications, m: notificationMessages })
      .from(notifications)
      .innerJoin(notificationMessages, eq(notificationMessages.notificationId, notifications.id))
      .where(and(eq(notifications.userId, uid.agent01), eq(notifications.title, 'Enrolment approved: Approve Day')));
    expect(note.n.body).toBe('Your manager approved your enrolment in Approve Day.');
    expect(renderNotification(note.m, 'zh').body).toBe('你的經理已批准你報名 Approve Day（繁）。');
    expect(await messageOf(await post(manager01, `/api/management/enrolments/${e.id}/approve`, {}, 'zh'), 409)).toBe('該報名已不再等待審批。');
  });

  it('reject needs a reason (translated 400), stores it, notifies, and promotes the first waiting', async () => {
    const c = await course('Reject Day', { quota: 1 });
    const e = await enrol(agent02, c);
    const waiting = offlineEnrolmentSchema.parse(
      await json(await post(agent03, `/api/offline_courses/${c}/enrolments`, { terms_accepted: true, join_waiting_list: true })),
    );
    expect(waiting.status).toBe('waiting');
    for (const body of [{}, { reason: '   ' }, { reason: 5 }]) {
      expect(await messageOf(await post(manager01, `/api/management/enrolments/${e.id}/reject`, body), 400)).toBe('Please give a reason for the rejection.');
    }
    expect(await messageOf(await post(manager01, `/api/management/enrolments/${e.id}/reject`, {}, 'cn'), 400)).toBe('请填写拒绝的原因。');
    expect(await messageOf(await post(manager01, `/api/management/enrolments/${e.id}/reject`, { reason: 'x'.repeat(501) }), 400)).toBe('The text is too long.');
    const done = managedEnrolmentSchema.parse(await json(await post(manager01, `/api/management/enrolments/${e.id}/reject`, { reason: 'Not this quarter' })));
    expect(done).toMatchObject({ status: 'rejected', reason: 'Not this quarter' });
    expect((await list(manager01, 'list=rejected&q=Reject Day')).data.map((x) => x.reason)).toEqual(['Not this quarter']);
    expect(await statusOf(waiting.id)).toBe('pending');
    const bodies = await ctx.database.db.select({ body: notifications.body }).from(notifications).where(eq(notifications.userId, uid.agent02));
    expect(bodies.map((b) => b.body)).toContain('Your manager rejected your enrolment in Reject Day. Reason: Not this quarter');
  });

  it('a bad id is a translated 400; an unknown one 404', async () => {
    expect(await messageOf(await post(manager01, '/api/management/enrolments/abc/approve'), 400)).toBe('The id is not valid.');
    expect(await messageOf(await post(manager01, '/api/management/enrolments/999999/approve', {}, 'zh'), 404)).toBe('找不到該報名。');
  });
});

describe('POST /api/management/enrolments/approve_all', () => {
  it('approves in request order up to the seats left; the rest stay pending with the reason', async () => {
    const c = await course('All Day', { quota: 3 });
    const a = await enrol(agent01, c);
    const b = await enrol(agent02, c);
    const d = await enrol(agent03, c);
    // A lowered quota leaves fewer seats than pending requests.
    await ctx.database.db.update(offlineCourses).set({ quota: 2 }).where(eq(offlineCourses.id, c));
    const result = approveAllResultSchema.parse(await json(await post(manager01, '/api/management/enrolments/approve_all', { course_id: String(c) })));
    expect(result.approved).toEqual([a.id, b.id]);
    expect(result.left_pending).toEqual([{ id: d.id, reason: 'No seat is left in this course: the request stays pending.' }]);
    expect((await list(manager01, 'list=pending&q=All Day')).data[0]).toMatchObject({ id: d.id, blocked: 'No seat is left in this course: the request stays pending.' });
    expect(await messageOf(await post(manager01, `/api/management/enrolments/${d.id}/approve`), 409)).toBe('No seat is left in this course: the request stays pending.');
    expect(await enrolmentStatuses(ctx.database.db, c)).toEqual({ confirmed: 2, pending: 1 });
    expect(await messageOf(await post(manager01, '/api/management/enrolments/approve_all', { course_id: 'x' }), 400)).toBe('The id is not valid.');
  });
});

describe('POST /api/management/assignments', () => {
  it('assigns up to 10 downlines (confirmed, notified), reports who was enrolled already, with its own history', async () => {
    const c = await course('Assigned Day');
    await enrol(agent01, c);
    const result = assignResultSchema.parse(
      await json(await post(manager01, '/api/management/assignments', { course_id: String(c), user_ids: [uid.agent01, uid.agent02, uid.agent03].map(String) })),
    );
    expect(result.already_enrolled).toEqual([String(uid.agent01)]);
    expect(result.assigned.map((e) => [e.agent_code, e.status, e.source])).toEqual([
      ['agent02', 'confirmed', 'manager'],
      ['agent03', 'confirmed', 'manager'],
    ]);
    const history = managedEnrolmentListSchema.parse(await json(await get(manager01, '/api/management/assignments')));
    expect(history.data.filter((e) => e.course_title === 'Assigned Day').map((e) => e.agent_code).sort()).toEqual(['agent02', 'agent03']);
    const titles = await ctx.database.db.select({ t: notifications.title }).from(notifications).where(eq(notifications.userId, uid.agent03));
    expect(titles.map((t) => t.t)).toContain('You were enrolled: Assigned Day');
  });

  it('the quota holds: fewer seats than new people stores nothing (409)', async () => {
    const c = await course('Tiny Day', { quota: 2 });
    const res = await post(manager01, '/api/management/assignments', { course_id: String(c), user_ids: [uid.agent01, uid.agent02, uid.agent03].map(String) }, 'zh');
    expect(await messageOf(res, 409)).toBe('此課程只剩 2 個名額。');
    expect(await enrolmentStatuses(ctx.database.db, c)).toEqual({});
  });

  it('a downline short of a prerequisite is named and nobody is assigned (403, as their own application would be)', async () => {
    const db = ctx.database.db;
    const dept = await createDepartment(db, tri('Prerequisites'));
    const basics = await createCourse(db, { departmentId: dept, title: tri('Assign Basics'), publishedAt: new Date('2025-01-01T00:00:00Z') });
    await db.insert(courseEnrolments).values({ userId: uid.agent02, courseId: basics, status: 'completed', completedAt: now });
    const c = await course('Needs Basics', { prerequisites: [[basics]] });
    const refused = await json<{ message: string; code: string }>(
      await post(manager01, '/api/management/assignments', { course_id: String(c), user_ids: [uid.agent02, uid.agent03].map(String) }),
      403,
    );
    expect(refused.code).toBe('OfflinePrerequisiteNotMet');
    expect(refused.message).toBe('Prerequisites not met, nobody was assigned: agent03 (Assign Basics).');
    expect(await enrolmentStatuses(db, c)).toEqual({});
    const zh = await post(manager01, '/api/management/assignments', { course_id: String(c), user_ids: [String(uid.agent03)] }, 'zh');
    expect(await messageOf(zh, 403)).toMatch(/^未符合先修要求，沒有指派任何人：agent03/);
    // The downline who has it is assigned.
    const ok = assignResultSchema.parse(await json(await post(manager01, '/api/management/assignments', { course_id: String(c), user_ids: [String(uid.agent02)] })));
    expect(ok.assigned.map((e) => e.agent_code)).toEqual(['agent02']);
  });

  it.each([
    [{ course_id: '1', user_ids: Array.from({ length: 11 }, (_, i) => String(i + 1)) }, 'en', 'You can assign at most 10 people at a time.'],
    [{ course_id: '1', user_ids: Array.from({ length: 11 }, (_, i) => String(i + 1)) }, 'zh', '每次最多只可指派 10 人。'],
    [{ course_id: '1', user_ids: [] }, 'en', 'Choose at least one person.'],
    [{ course_id: '1' }, 'en', 'Choose at least one person.'],
    [{ user_ids: ['1'] }, 'en', 'The value of "course_id" is not valid.'],
    [{ course_id: 'abc', user_ids: ['1'] }, 'en', 'The id is not valid.'],
  ])('a bad batch is a translated 400 (%#)', async (body, lang, message) => {
    expect(await messageOf(await post(manager01, '/api/management/assignments', body, lang), 400)).toBe(message);
  });

  it("someone else's downline cannot be assigned (400), nor an unknown course (404)", async () => {
    const c = await course('Not Yours');
    expect(await messageOf(await post(manager01, '/api/management/assignments', { course_id: String(c), user_ids: [String(strangerId)] }), 400)).toBe(
      'One of the chosen people is not your downline.',
    );
    expect((await post(manager01, '/api/management/assignments', { course_id: '999999', user_ids: [String(uid.agent01)] })).status).toBe(404);
    expect(await enrolmentStatuses(ctx.database.db, c)).toEqual({});
  });
});

describe('authorization', () => {
  it('learners and recruits are refused every management endpoint (403); another manager gets 404 and changes nothing', async () => {
    const c = await course('Guarded Day');
    const e = await enrol(agent02, c);
    for (const who of [agent01, recruit01]) {
      expect(await messageOf(await get(who, '/api/management/enrolments?list=pending'), 403)).toBe('Only managers can open the management pages.');
      expect((await post(who, `/api/management/enrolments/${e.id}/approve`)).status).toBe(403);
      expect((await post(who, `/api/management/enrolments/${e.id}/reject`, { reason: 'no' })).status).toBe(403);
      expect((await post(who, '/api/management/enrolments/approve_all')).status).toBe(403);
      expect((await post(who, '/api/management/assignments', { course_id: String(c), user_ids: [String(uid.agent03)] })).status).toBe(403);
      expect((await get(who, '/api/management/assignments')).status).toBe(403);
      expect((await get(who, '/api/management/downlines')).status).toBe(403);
      expect((await get(who, '/api/management/report')).status).toBe(403);
      expect((await get(who, '/api/management/report.csv')).status).toBe(403);
    }
    expect(await messageOf(await post(manager02, `/api/management/enrolments/${e.id}/approve`), 404)).toBe('The enrolment was not found.');
    expect((await post(manager02, `/api/management/enrolments/${e.id}/reject`, { reason: 'no' })).status).toBe(404);
    const all = approveAllResultSchema.parse(await json(await post(manager02, '/api/management/enrolments/approve_all', { course_id: String(c) })));
    expect(all.approved).toEqual([]);
    expect((await list(manager02, 'list=pending&q=Guarded')).data).toEqual([]);
    expect(await statusOf(e.id)).toBe('pending');
    expect((await get(manager01, '/api/management/enrolments?list=pending')).status).toBe(200);
    expect((await get(manager01, '/api/management/enrolments?list=pending', undefined)).status).toBe(200);
    const unauth = await ctx.request('/api/management/enrolments?list=pending');
    expect(unauth.status).toBe(401);
  });

  it("the downlines are the caller's own", async () => {
    const mine = downlineListSchema.parse(await json(await get(manager01, '/api/management/downlines')));
    expect(mine.data.map((d) => d.agent_code).sort()).toEqual(expect.arrayContaining(['agent01', 'agent02', 'agent03', 'recruit01']));
    expect(mine.data.map((d) => d.agent_code)).not.toContain('stranger0');
    const theirs = downlineListSchema.parse(await json(await get(manager02, '/api/management/downlines')));
    expect(theirs.data.map((d) => d.agent_code)).toEqual(['stranger0']);
  });
});

describe('user report', () => {
  it('counts completions, in progress, overdue, on-screen hours and CPD hours (Ethics/Regulations vs other, attendance counts) in the period', async () => {
    const db = ctx.database.db;
    const dept = await createDepartment(db, tri('Report dept'));
    const ethics = await createCourse(db, { departmentId: dept, title: tri('Ethics 101'), publishedAt: new Date('2025-01-01T00:00:00Z'), cpdHours: 3 });
    const other = await createCourse(db, { departmentId: dept, title: tri('Sales 101'), publishedAt: new Date('2025-01-01T00:00:00Z'), cpdHours: 1.5 });
    const late = await createCourse(db, { departmentId: dept, title: tri('Late 101'), publishedAt: new Date('2025-01-01T00:00:00Z'), cpdHours: 1 });
    await db.insert(managementCourseRules).values([
      { courseId: ethics, ethicsRegulations: true },
      { courseId: late, dueAt: new Date(now.getTime() - HOUR) },
    ]);
    const [rep] = await createAgents(db, 'report', 1);
    await db.update(users).set({ uplineId: uid.manager01, name: 'Tam, "Ken"' }).where(eq(users.id, rep));
    const inPeriod = new Date(now.getTime() - 2 * HOUR);
    await db.insert(courseEnrolments).values([
      { userId: rep, courseId: ethics, status: 'completed', completedAt: inPeriod },
      { userId: rep, courseId: other, status: 'completed', completedAt: inPeriod },
      { userId: rep, courseId: late, status: 'in_progress' },
    ]);
    await db.insert(onScreenLogs).values({ userId: rep, courseId: other, duration: 5400, key: 1, createdAt: inPeriod });
    // Classroom: 90 attended minutes of an Ethics/Regulations course worth 2 CPD hours.
    const classroom = await course('Report Classroom', { sessionStart: new Date(now.getTime() - 3 * HOUR) });
    await db.insert(managementOfflineCourseRules).values({ offlineCourseId: classroom, ethicsRegulations: true });
    const [session] = await db.select().from(offlineSessions).where(eq(offlineSessions.courseId, classroom));
    await db.insert(offlineAttendance).values({ sessionId: session.id, userId: rep, checkedInAt: session.startsAt, checkedOutAt: new Date(session.startsAt.getTime() + 90 * 60_000) });

    const today = now.toISOString().slice(0, 10);
    // The period's edges are UTC midnights (ADR 057: day_seconds): the first second of the day counts,
    // the first second of the next day does not.
    const dayAfter = new Date(Date.parse(`${today}T00:00:00Z`) + 24 * HOUR);
    await db.insert(onScreenLogs).values([
      { userId: rep, courseId: other, duration: 1800, key: 2, createdAt: new Date(`${today}T00:00:00Z`) },
      { userId: rep, courseId: other, duration: 1800, key: 3, createdAt: dayAfter },
    ]);
    const report = reportSchema.parse(await json(await get(manager01, `/api/management/report?from=${today}&to=${today}`)));
    expect(report).toMatchObject({ from: today, to: today });
    const row = report.rows.find((r) => r.agent_code === 'report0');
    expect(row).toEqual({
      user_id: String(rep),
      name: 'Tam, "Ken"',
      agent_code: 'report0',
      completed: 2,
      in_progress: 1,
      overdue: 1,
      on_screen_hours: 2,
      cpd_ethics_hours: 4.5,
      cpd_other_hours: 1.5,
    });
    expect(report.rows.map((r) => r.agent_code)).not.toContain('stranger0');
    // A period before any of it: nothing completed or attended (in progress and overdue are now).
    const before = reportSchema.parse(await json(await get(manager01, '/api/management/report?from=2020-01-01&to=2020-12-31')));
    expect(before.rows.find((r) => r.agent_code === 'report0')).toMatchObject({ completed: 0, in_progress: 1, overdue: 1, on_screen_hours: 0, cpd_ethics_hours: 0, cpd_other_hours: 0 });
    // Default: this IA year.
    const year = reportSchema.parse(await json(await get(manager01, '/api/management/report')));
    expect({ from: year.from, to: year.to }).toEqual(iaYearOf(now));

    const csv = await get(manager01, `/api/management/report.csv?from=${today}&to=${today}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = (await csv.text()).replace(/^\uFEFF/, '');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Name,Agent code,Completed,In progress,Overdue,On-screen hours,CPD hours (Ethics/Regulations),CPD hours (other)');
    expect(lines).toContain('"Tam, ""Ken""",report0,2,1,1,2,4.5,1.5');
    const zh = await (await get(manager01, `/api/management/report.csv?from=${today}&to=${today}`, 'zh')).text();
    expect(zh.replace(/^\uFEFF/, '').split('\r\n')[0]).toContain('CPD 時數（操守／法規）');
  });

  it('the IA year runs 1 Aug to 31 Jul', () => {
    expect(iaYearOf(new Date('2026-07-31T23:59:59Z'))).toEqual({ from: '2025-08-01', to: '2026-07-31' });
    expect(iaYearOf(new Date('2026-08-01T00:00:00Z'))).toEqual({ from: '2026-08-01', to: '2027-07-31' });
  });

  it.each([
    ['from=2026-13-01', 'en', 'The date is not valid.'],
    ['to=yesterday', 'zh', null],
    ['from=2026-05-02&to=2026-05-01', 'en', 'The start of the period must not be after its end.'],
  ])('a bad period (%s) is a translated 400', async (query, lang, message) => {
    for (const path of ['/api/management/report', '/api/management/report.csv']) {
      const m = await messageOf(await get(manager01, `${path}?${query}`, lang), 400);
      if (message) expect(m).toBe(message);
      else expect(m).not.toMatch(/[a-z]{4}/);
    }
  });
});
