import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learningHistorySchema, type LearningHistory } from '../../src/api/schemas/learning-history.schema';
import { reportSchema } from '../../src/api/schemas/management.schema';
import { HEADER, XSRF_COOKIE, languageHeaderValue, type CourseKind } from '../../src/config/constants';
import { createApp } from '../app';
import { createManualClock } from '../clock';
import { testConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { seedIfEmpty } from '../db/seed';
import { seedContentIfEmpty } from '../db/seed-content';
import { courseEnrolments, managementCourseRules, managementOfflineCourseRules, offlineAttendance, offlineCourses, offlineSessions, onScreenLogs, users } from '../db/schema';
import { createMailer } from '../mail/mailer';
import { createFileStore } from '../storage/file-store';
import { createBackgroundTasks } from '../tasks';
import { TEST_CLIENT_ID, TEST_SECRET } from '../test-support';
import { createContentTestContext, createCourse, createDepartment, signIn, tri, type ContentTestContext, type Learner } from '../testing/content-factory';
import { createOfflineCourse } from '../testing/offline-factory';

// SPEC §7 learning_history/all, §3 learning history summary (ADR 060): the signed-in learner's OWN
// courses completed in a period (by the course's kind: compulsory, non-compulsory = elective,
// recommended), in progress now, hours on screen and CPD hours (Ethics/Regulations and other:
// completed courses' CPD hours, classroom attendance up to the classroom course's CPD hours). The
// period is whole UTC days, both included; by default the IA year (1 Aug–31 Jul) of the server's
// clock. The manager's user report counts a downline with the same rule.
//
// The expectations below are worked out by hand from those rules, from the data each test writes.

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);

let ctx: ContentTestContext;
let agent01: Learner;
let agent02: Learner;
let manager01: Learner;
let recruit01: Learner;
const anonymous: Learner = { token: '', request: (p, init) => ctx.request(p, init) };
const uid: Record<string, number> = {};

const get = (who: Learner, query = '', lang?: string) =>
  who.request(`/api/learning_history/all${query}`, { headers: lang ? { [HEADER.language]: languageHeaderValue(lang) } : {} });
async function summary(who: Learner, query = ''): Promise<LearningHistory> {
  const res = await get(who, query);
  const body = await res.text();
  expect(res.status, body).toBe(200);
  return learningHistorySchema.parse(JSON.parse(body));
}
async function messageOf(res: Response, status: number): Promise<string> {
  const body = await res.text();
  expect(res.status, body).toBe(status);
  return (JSON.parse(body) as { message: string }).message;
}

// The server's clock for the whole file: 15 March 2030, noon UTC (IA year 2029-08-01 to 2030-07-31).
const NOW = Date.UTC(2030, 2, 15, 12, 0, 0);
// The period most tests read: February 2030.
const FEB = '?from_date=2030-02-01&to_date=2030-02-28';

let logKey = 1;
const onScreen = (userId: number, createdAt: string, seconds: number) =>
  ctx.database.db.insert(onScreenLogs).values({ userId, duration: seconds, key: logKey++, createdAt: at(createdAt) });

/** A classroom course of `cpd` CPD hours with one session per start (2 h each), and its category. */
async function classroom(title: string, cpd: number, starts: string[], ethics: boolean): Promise<number[]> {
  const db = ctx.database.db;
  const id = await createOfflineCourse(db, { title, now: new Date(NOW), sessionStart: at(starts[0]) });
  await db.update(offlineCourses).set({ cpdHours: cpd }).where(eq(offlineCourses.id, id));
  if (ethics) await db.insert(managementOfflineCourseRules).values({ offlineCourseId: id, ethicsRegulations: true });
  for (const [i, s] of starts.slice(1).entries()) {
    const start = at(s).getTime();
    await db.insert(offlineSessions).values({
      courseId: id,
      title: tri(`${title} session ${i + 2}`),
      startsAt: new Date(start),
      endsAt: new Date(start + 2 * HOUR),
      windowOpensAt: new Date(start - HOUR / 2),
      windowClosesAt: new Date(start + 2.5 * HOUR),
    });
  }
  const sessions = await db.select({ id: offlineSessions.id, startsAt: offlineSessions.startsAt }).from(offlineSessions).where(eq(offlineSessions.courseId, id));
  return starts.map((s) => sessions.find((r) => r.startsAt.getTime() === at(s).getTime())!.id);
}
/** `userId` attended `minutes` of the session from its start. */
async function attend(sessionId: number, userId: number, minutes: number): Promise<void> {
  const db = ctx.database.db;
  const [session] = await db.select().from(offlineSessions).where(eq(offlineSessions.id, sessionId));
  await db.insert(offlineAttendance).values({ sessionId, userId, checkedInAt: session.startsAt, checkedOutAt: new Date(session.startsAt.getTime() + minutes * 60_000) });
}

beforeAll(async () => {
  ctx = await createContentTestContext();
  ctx.clock.set(NOW);
  const db = ctx.database.db;
  for (const code of ['agent01', 'agent02', 'manager01', 'recruit01']) {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.externalId, code));
    uid[code] = row.id;
  }
  agent01 = await signIn(ctx, 'agent01');
  agent02 = await signIn(ctx, 'agent02');
  manager01 = await signIn(ctx, 'manager01', 'Manager2026');
  recruit01 = await signIn(ctx, 'recruit01', 'Recruit2026');

  const dept = await createDepartment(db, tri('History dept'));
  const course = async (title: string, kind: CourseKind, cpdHours: number, ethics = false) => {
    const id = await createCourse(db, { departmentId: dept, title: tri(title), kind, cpdHours, publishedAt: at('2029-01-01T00:00:00Z') });
    if (ethics) await db.insert(managementCourseRules).values({ courseId: id, ethicsRegulations: true });
    return id;
  };
  const ethics = await course('Ethics', 'compulsory', 3, true);
  const elective = await course('Elective', 'elective', 1.5);
  const recommended = await course('Recommended', 'recommended', 1);
  const before = await course('Before', 'compulsory', 2);
  const after = await course('After', 'elective', 2);
  const lastYear = await course('Last year', 'compulsory', 4);
  const ongoing = await course('Ongoing', 'recommended', 5);
  const managers = await course('Managers', 'recommended', 0.5);

  const done = (userId: number, courseId: number, completedAt: string) => ({ userId, courseId, status: 'completed' as const, completedAt: at(completedAt) });
  const a1 = uid.agent01;
  await db.insert(courseEnrolments).values([
    done(a1, ethics, '2030-02-10T09:00:00Z'),
    // The period's first and last instants (UTC).
    done(a1, elective, '2030-02-01T00:00:00.000Z'),
    done(a1, recommended, '2030-02-28T23:59:59.999Z'),
    // The last instant of the day before, the first of the day after.
    done(a1, before, '2030-01-31T23:59:59.999Z'),
    done(a1, after, '2030-03-01T00:00:00.000Z'),
    // The IA year before (it ended 31 July 2029).
    done(a1, lastYear, '2029-07-31T23:00:00Z'),
    { userId: a1, courseId: ongoing, status: 'in_progress' },
    // agent02 completes the Ethics course in February too, and has one in progress.
    done(uid.agent02, ethics, '2030-02-10T09:00:00Z'),
    { userId: uid.agent02, courseId: elective, status: 'in_progress' },
    { userId: uid.agent02, courseId: recommended, status: 'in_progress' },
    // The manager learns too.
    done(uid.manager01, managers, '2030-03-10T09:00:00Z'),
  ]);

  // On screen (the server's records, by the UTC day they were made).
  await onScreen(a1, '2030-02-01T00:00:00Z', 1800);
  await onScreen(a1, '2030-02-15T12:00:00Z', 12);
  await onScreen(a1, '2030-02-28T23:59:59Z', 900);
  await onScreen(a1, '2030-01-31T23:59:59Z', 3600);
  await onScreen(a1, '2030-03-01T00:00:00Z', 7200);
  await onScreen(a1, '2029-07-31T23:00:00Z', 600);
  await onScreen(uid.agent02, '2030-02-10T10:00:00Z', 3600);

  // Classroom: an Ethics/Regulations course worth 1.5 CPD hours, two sessions of 2 h, attended 1 h
  // and 2 h (3 h in all: 1.5 count); another worth 2, attended 45 minutes; a third in March, 2 h.
  const [k1a, k1b] = await classroom('Ethics workshop', 1.5, ['2030-02-20T10:00:00Z', '2030-02-22T10:00:00Z'], true);
  await attend(k1a, a1, 60);
  await attend(k1b, a1, 120);
  const [k2] = await classroom('Sales workshop', 2, ['2030-02-21T10:00:00Z'], false);
  await attend(k2, a1, 45);
  await attend(k2, uid.agent02, 120);
  const [k3] = await classroom('March workshop', 2, ['2030-03-05T10:00:00Z'], false);
  await attend(k3, a1, 120);
  // Sessions at the period's first instant (30 minutes attended) and at the next day's (an hour).
  const [k4a, k4b] = await classroom('Midnight workshop', 2, ['2030-02-01T00:00:00Z', '2030-03-01T00:00:00Z'], false);
  await attend(k4a, a1, 30);
  await attend(k4b, a1, 60);
});
afterAll(() => ctx?.close());

describe('GET /api/learning_history/all', () => {
  it('counts the learner’s courses completed in the period by kind, the first and last days included, the days around them not', async () => {
    expect(await summary(agent01, FEB)).toEqual({
      from: '2030-02-01',
      to: '2030-02-28',
      // Ethics (compulsory), Elective (elective = non-compulsory), Recommended; not Before, After, Last year.
      completed: 3,
      compulsory: 1,
      non_compulsory: 1,
      recommended: 1,
      // Ongoing, whatever the period.
      in_progress: 1,
      // 1800 + 12 + 900 s = 0.7533 h, to 2 decimals.
      on_screen_hours: 0.75,
      // Ethics 3 + the Ethics workshop: 3 h attended, up to its 1.5.
      cpd_ethics_hours: 4.5,
      // Elective 1.5 + Recommended 1 + 45 minutes of the Sales workshop + 30 of the Midnight one.
      cpd_other_hours: 3.75,
      months: [{ month: '2030-02', on_screen_hours: 0.75 }],
    });
  });

  it('breaks the on-screen hours down by calendar month for the chart (issue 45): every month of the period, none past 36 months', async () => {
    const year = await summary(agent01);
    expect(year.months).toHaveLength(12);
    expect(year.months![0]).toEqual({ month: '2029-08', on_screen_hours: 0 });
    expect(year.months!.filter((m: { on_screen_hours: number }) => m.on_screen_hours > 0)).toEqual([
      { month: '2030-01', on_screen_hours: 1 },
      { month: '2030-02', on_screen_hours: 0.75 },
      { month: '2030-03', on_screen_hours: 2 },
    ]);
    // A quarter across the new year, at its month boundaries.
    expect((await summary(agent01, '?from_date=2029-11-01&to_date=2030-01-31')).months).toEqual([
      { month: '2029-11', on_screen_hours: 0 },
      { month: '2029-12', on_screen_hours: 0 },
      { month: '2030-01', on_screen_hours: 1 },
    ]);
    expect((await summary(agent01, '?from_date=2027-01-01&to_date=2029-12-31')).months).toHaveLength(36);
    expect((await summary(agent01, '?from_date=2027-01-01&to_date=2030-01-01')).months).toBeUndefined();
  });

  it('counts a single day: the day before the period and the day after hold what the period left out', async () => {
    expect(await summary(agent01, '?from_date=2030-01-31&to_date=2030-01-31')).toMatchObject({ completed: 1, compulsory: 1, non_compulsory: 0, recommended: 0, on_screen_hours: 1, cpd_other_hours: 2, cpd_ethics_hours: 0 });
    expect(await summary(agent01, '?from_date=2030-03-01&to_date=2030-03-01')).toMatchObject({ completed: 1, compulsory: 0, non_compulsory: 1, recommended: 0, on_screen_hours: 2, cpd_other_hours: 3, cpd_ethics_hours: 0 });
    expect(await summary(agent01, '?from_date=2030-02-01&to_date=2030-02-01')).toMatchObject({ completed: 1, non_compulsory: 1, on_screen_hours: 0.5, cpd_other_hours: 2 });
    expect(await summary(agent01, '?from_date=2030-02-28&to_date=2030-02-28')).toMatchObject({ completed: 1, recommended: 1, on_screen_hours: 0.25 });
  });

  it('counts classroom attendance up to the classroom course’s CPD hours, over the period’s sessions', async () => {
    // One session each: 1 h, then 2 h (capped at the course's 1.5).
    expect(await summary(agent01, '?from_date=2030-02-20&to_date=2030-02-20')).toMatchObject({ cpd_ethics_hours: 1, cpd_other_hours: 0, completed: 0 });
    expect(await summary(agent01, '?from_date=2030-02-22&to_date=2030-02-22')).toMatchObject({ cpd_ethics_hours: 1.5, cpd_other_hours: 0 });
    // Both: 3 h attended of a 1.5-hour course.
    expect(await summary(agent01, '?from_date=2030-02-20&to_date=2030-02-22')).toMatchObject({ cpd_ethics_hours: 1.5, cpd_other_hours: 0.75 });
  });

  it('reads the IA year of the server’s clock by default, and a missing day from it', async () => {
    expect(await summary(agent01)).toEqual({
      from: '2029-08-01',
      to: '2030-07-31',
      // Ethics, Before (compulsory); Elective, After (elective); Recommended. Not Last year.
      completed: 5,
      compulsory: 2,
      non_compulsory: 2,
      recommended: 1,
      in_progress: 1,
      // 1800 + 12 + 900 + 3600 + 7200 s = 3.7533 h (not the 600 s of 31 July 2029).
      on_screen_hours: 3.75,
      cpd_ethics_hours: 4.5,
      // 1.5 + 1 + 2 + 2 + 0.75 + the March workshop's 2 + the Midnight one's 1.5.
      cpd_other_hours: 10.75,
      months: expect.any(Array),
    });
    expect(await summary(agent01, '?from_date=2030-03-01')).toMatchObject({ from: '2030-03-01', to: '2030-07-31', completed: 1, non_compulsory: 1, on_screen_hours: 2, cpd_other_hours: 5 });
    expect(await summary(agent01, '?to_date=2030-01-31')).toMatchObject({ from: '2029-08-01', to: '2030-01-31', completed: 1, compulsory: 1, on_screen_hours: 1 });
    // A start after the default end is a period that ends before it starts.
    expect(await messageOf(await get(agent01, '?from_date=2030-08-01'), 400)).toBe('The start of the period must not be after its end.');
  });

  it('gives each user their own summary only, whatever the role', async () => {
    expect(await summary(agent02, FEB)).toEqual({
      from: '2030-02-01',
      to: '2030-02-28',
      completed: 1,
      compulsory: 1,
      non_compulsory: 0,
      recommended: 0,
      in_progress: 2,
      on_screen_hours: 1,
      cpd_ethics_hours: 3,
      // The whole Sales workshop (2 h of a 2-hour course).
      cpd_other_hours: 2,
      months: expect.any(Array),
    });
    // Asking for someone else's changes nothing: the query has no such parameter.
    expect(await summary(agent01, `${FEB}&user_id=${uid.agent02}`)).toEqual(await summary(agent01, FEB));
    expect(await summary(manager01)).toMatchObject({ completed: 1, recommended: 1, in_progress: 0, on_screen_hours: 0, cpd_ethics_hours: 0, cpd_other_hours: 0.5 });
    expect(await summary(recruit01)).toMatchObject({ from: '2029-08-01', to: '2030-07-31', completed: 0, compulsory: 0, non_compulsory: 0, recommended: 0, on_screen_hours: 0, cpd_ethics_hours: 0, cpd_other_hours: 0 });
  });

  it('says what the manager’s user report says of the same person and period (one rule)', async () => {
    for (const [mine, theirs] of [
      [FEB, '?from=2030-02-01&to=2030-02-28'],
      ['?from_date=2030-02-20&to_date=2030-02-22', '?from=2030-02-20&to=2030-02-22'],
      ['', ''],
    ]) {
      for (const [code, who] of [
        ['agent01', agent01],
        ['agent02', agent02],
      ] as const) {
        const res = await manager01.request(`/api/management/report${theirs}`);
        expect(res.status).toBe(200);
        const report = reportSchema.parse(await res.json());
        const row = report.rows.find((r) => r.agent_code === code)!;
        const s = await summary(who, mine);
        expect({ from: s.from, to: s.to }).toEqual({ from: report.from, to: report.to });
        expect({ completed: s.completed, in_progress: s.in_progress, on_screen_hours: s.on_screen_hours, cpd_ethics_hours: s.cpd_ethics_hours, cpd_other_hours: s.cpd_other_hours }).toEqual({
          completed: row.completed,
          in_progress: row.in_progress,
          on_screen_hours: row.on_screen_hours,
          cpd_ethics_hours: row.cpd_ethics_hours,
          cpd_other_hours: row.cpd_other_hours,
        });
        expect(s.compulsory + s.non_compulsory + s.recommended).toBe(s.completed);
      }
    }
  });

  it.each([
    ['en', 'The start of the period must not be after its end.'],
    ['zh', '期間的開始日期不可遲於結束日期。'],
    ['cn', '期间的开始日期不可迟于结束日期。'],
  ])('refuses a period that ends before it starts with a translated 400 (%s)', async (lang, message) => {
    expect(await messageOf(await get(agent01, '?from_date=2030-02-02&to_date=2030-02-01', lang), 400)).toBe(message);
  });

  it.each([
    ['?from_date=2030-02-30', 'en', 'The date is not valid.'],
    ['?to_date=yesterday', 'en', 'The date is not valid.'],
    ['?from_date=2030-2-1', 'zh', '日期無效。'],
    ['?to_date=2030-13-01', 'cn', '日期无效。'],
    // Days the database has no date for: year 0, and the midnight after 9999-12-31.
    ['?from_date=0000-01-01&to_date=0000-01-02', 'en', 'The date is not valid.'],
    ['?from_date=9999-12-31&to_date=9999-12-31', 'en', 'The date is not valid.'],
  ])('refuses a day that is not a date (%s) with a translated 400', async (query, lang, message) => {
    expect(await messageOf(await get(agent01, query, lang), 400)).toBe(message);
    // The manager's report reads its period the same way.
    expect(await messageOf(await manager01.request(`/api/management/report${query.replace(/_date/g, '')}`, { headers: { [HEADER.language]: languageHeaderValue(lang) } }), 400)).toBe(message);
  });

  it('reads the widest period there is', async () => {
    expect(await summary(agent01, '?from_date=0001-01-01&to_date=9999-12-30')).toMatchObject({ from: '0001-01-01', to: '9999-12-30', completed: 6 });
  });

  it('needs a signed-in user', async () => {
    expect((await get(anonymous)).status).toBe(401);
    expect((await get(anonymous, FEB)).status).toBe(401);
  });

  // Last: the clock moves (forward) to the IA year's edge.
  it('changes the default period at midnight UTC on 1 August', async () => {
    ctx.clock.set(Date.UTC(2030, 6, 31, 23, 59, 59));
    const late = await signIn(ctx, 'agent01');
    expect(await summary(late)).toMatchObject({ from: '2029-08-01', to: '2030-07-31', completed: 5 });
    ctx.clock.set(Date.UTC(2030, 7, 1, 0, 0, 0));
    expect(await summary(late)).toMatchObject({ from: '2030-08-01', to: '2031-07-31', completed: 0, in_progress: 1, on_screen_hours: 0, cpd_ethics_hours: 0, cpd_other_hours: 0 });
  });
});

// The demo (README, DESIGN §6): after `npm start` on 28 November 2026 agent01's profile shows what
// they learnt this IA year (2026-08-01 to 2027-07-31). A database of its own, seeded that morning,
// so the figures do not hang on the day the shared test template was built.
describe('the demo learner agent01', () => {
  const SEEDED = Date.UTC(2026, 10, 28, 9, 0, 0);
  let database: Database;
  let filesDir: string;
  let app: ReturnType<typeof createApp>['app'];
  beforeAll(async () => {
    database = await openDatabase({ kind: 'memory' });
    filesDir = mkdtempSync(path.join(tmpdir(), 'agent-academy-learning-history-'));
    await seedIfEmpty(database.db);
    await seedContentIfEmpty(database.db, createFileStore(filesDir), SEEDED);
    const config = testConfig();
    const clock = createManualClock(SEEDED + HOUR);
    const log = () => {};
    const mailer = createMailer({ smtpUrl: config.smtpUrl, db: database.db, from: config.mailFrom, log });
    ({ app } = createApp({ config, db: database.db, secret: TEST_SECRET, mailer, clock, log, tasks: createBackgroundTasks(log), files: createFileStore(filesDir) }));
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    if (filesDir) rmSync(filesDir, { recursive: true, force: true });
  });

  it('sees courses completed this IA year, compulsory and Ethics/Regulations ones among them, CPD hours and time on screen', async () => {
    const config = await app.request('/api/app-config');
    const cookie = /XSRF-TOKEN=([^;]*)/.exec(config.headers.getSetCookie().join('\n'))![1];
    const login = await app.request(
      '/api/auth/login',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: `${XSRF_COOKIE}=${cookie}`, [HEADER.xsrf]: cookie, [HEADER.clientId]: TEST_CLIENT_ID },
        body: JSON.stringify({ external_id: 'agent01', password: 'Learner2026' }),
      },
      // A browser on this machine: a demo account signs in only from loopback (issue 43 §12).
      { incoming: { socket: { remoteAddress: '127.0.0.1' } } },
    );
    expect(login.status).toBe(200);
    const res = await app.request('/api/learning_history/all', { headers: { Authorization: `Bearer ${await login.text()}` } });
    expect(res.status).toBe(200);
    const body = learningHistorySchema.parse(await res.json());
    console.info(`agent01 on 2026-11-28: ${JSON.stringify(body)}`);
    expect(body).toMatchObject({ from: '2026-08-01', to: '2027-07-31' });
    expect(body.compulsory).toBeGreaterThan(0);
    expect(body.completed).toBe(body.compulsory + body.non_compulsory + body.recommended);
    expect(body.in_progress).toBeGreaterThan(0);
    expect(body.cpd_ethics_hours).toBeGreaterThan(0);
    expect(body.cpd_other_hours).toBeGreaterThan(0);
    expect(body.on_screen_hours).toBeGreaterThan(0);
  });
});
