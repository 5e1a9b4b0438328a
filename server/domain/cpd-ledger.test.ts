import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CPD_ERROR_CODE, cpdLedgerSchema } from '../../src/api/schemas/cpd-ledger.schema';
import {
  courseEnrolments,
  cpdClaims,
  cpdCourseApprovals,
  cpdLicences,
  cpdProrataTargets,
  cpdTargets,
  offlineAttendance,
  offlineSessions,
  users,
  type CpdClaimStatus,
} from '../db/schema';
import { createTestContext, type TestContext } from '../test-support';
import { createCourse, createDepartment, tri } from '../testing/content-factory';
import { createAgents, createOfflineCourse } from '../testing/offline-factory';
import { cpdConfig, cpdLedger, cpdTotals, periodAsked } from './cpd-ledger';

// Issue 45 "Must show": the ledger's rules, each on its own learners, in periods 2030 and 2031
// (the demo's rows are in the periods around the seed: none of them here).

let ctx: TestContext;
let db: TestContext['database']['db'];
const HOUR = 3_600_000;
/** The moment of the ledger: after both periods' rows (1 Aug 2031 is period 2031). */
const NOW = new Date('2031-09-15T02:00:00Z');
/** A Hong Kong wall time as an instant. */
const hk = (local: string) => new Date(`${local}+08:00`);

const ids = {} as Record<'yearCourse' | 'septCourse' | 'unapproved' | 'classroom' | 'dept', number>;

async function complete(userId: number, courseId: number, at: Date) {
  await db.insert(courseEnrolments).values({ userId, courseId, status: 'completed', enrolledAt: new Date(at.getTime() - 24 * HOUR), completedAt: at });
}

async function claim(userId: number, c: { minutes: number; endedOn: string; status?: CpdClaimStatus; ethics?: boolean }) {
  await db.insert(cpdClaims).values({
    userId,
    kind: 'seminar',
    provider: 'A provider',
    title: `Seminar ending ${c.endedOn}`,
    startedOn: c.endedOn,
    endedOn: c.endedOn,
    minutes: c.minutes,
    ethicsOrRegulations: c.ethics ?? false,
    evidenceStorageKey: 'cpd-claims/x.pdf',
    evidenceName: 'x.pdf',
    evidenceMediaType: 'application/pdf',
    evidenceBytes: 4,
    termsAcceptedAt: hk(`${c.endedOn}T20:00:00`),
    submittedAt: hk(`${c.endedOn}T20:00:00`),
    status: c.status ?? 'approved',
  });
}

const ledger = (userId: number, period = 2030) => cpdLedger(db, userId, period, NOW, 'en');

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  ids.dept = await createDepartment(db, tri('CPD tests'));
  const published = new Date('2029-01-01T00:00:00Z');
  ids.yearCourse = await createCourse(db, { departmentId: ids.dept, title: tri('Approved all year'), publishedAt: published, cpdHours: 2 });
  ids.septCourse = await createCourse(db, { departmentId: ids.dept, title: tri('Approved in September'), publishedAt: published, cpdHours: 1.5 });
  ids.unapproved = await createCourse(db, { departmentId: ids.dept, title: tri('Never approved'), publishedAt: published, cpdHours: 3 });
  await db.insert(cpdCourseApprovals).values([
    { courseId: ids.yearCourse, reference: 'IA/CPD/2030/0001', activityKind: 'e_learning', minutes: 120, ethicsOrRegulations: true, validFrom: '2030-08-01', validTo: '2031-07-31' },
    // Re-assessed for the next period with other hours: the completion's date picks the approval.
    { courseId: ids.yearCourse, reference: 'IA/CPD/2031/0001', activityKind: 'e_learning', minutes: 60, ethicsOrRegulations: false, validFrom: '2031-08-01', validTo: '2032-07-31' },
    { courseId: ids.septCourse, reference: 'IA/CPD/2030/0002', activityKind: 'e_learning', minutes: 90, ethicsOrRegulations: false, validFrom: '2030-09-01', validTo: '2030-09-30' },
  ]);
  // A classroom course of two 2-hour sessions in March 2031, approved for 3 hours E/R.
  ids.classroom = await createOfflineCourse(db, { title: 'Ledger classroom', now: NOW, sessionStart: new Date('2031-03-02T01:00:00Z') });
  const [{ id: _first, ...first }] = await db.select().from(offlineSessions).where(eq(offlineSessions.courseId, ids.classroom));
  await db.insert(offlineSessions).values({ ...first, startsAt: new Date('2031-03-09T01:00:00Z'), endsAt: new Date('2031-03-09T03:00:00Z'), windowOpensAt: new Date('2031-03-09T00:30:00Z'), windowClosesAt: new Date('2031-03-09T03:30:00Z') });
  await db.insert(cpdCourseApprovals).values({ offlineCourseId: ids.classroom, reference: 'IA/CPD/2030/0100', activityKind: 'structured', minutes: 180, ethicsOrRegulations: true, validFrom: '2030-08-01', validTo: '2031-07-31' });
}, 60_000);
afterAll(() => ctx?.close());

describe('a completed e-learning course counts only inside its approval window (Hong Kong dates, both ends included)', () => {
  it.each([
    ['2030-08-31T23:59:59', false, 'the second before the window opens'],
    ['2030-09-01T00:00:00', true, 'the first second of the first day'],
    ['2030-09-30T23:59:59', true, 'the last second of the last day'],
    ['2030-10-01T00:00:00', false, 'the second after it closes'],
  ])('completed %s HK: counted %s (%s)', async (local, counted) => {
    const [user] = await createAgents(db, `cpdwin${local.replace(/\D/g, '')}`, 1);
    await complete(user, ids.septCourse, hk(local));
    const l = await ledger(user);
    expect(l.rows.map((r) => r.id)).toEqual(counted ? [`course:${ids.septCourse}`] : []);
    expect(l.totals.minutes).toBe(counted ? 90 : 0);
    if (counted) expect(l.rows[0]).toMatchObject({ source: 'course', reference: 'IA/CPD/2030/0002', activity_kind: 'e_learning', minutes: 90, ethics_or_regulations: false, title: 'Approved in September' });
  });

  it('a course without an approval earns nothing; the approval of the completion’s date gives the minutes and E/R', async () => {
    const [a, b] = await createAgents(db, 'cpdappr', 2);
    await complete(a, ids.unapproved, hk('2031-01-10T10:00:00'));
    await complete(a, ids.yearCourse, hk('2031-07-31T23:59:59'));
    await complete(b, ids.yearCourse, hk('2031-08-01T00:00:00'));
    const la = await ledger(a);
    expect(la.rows.map((r) => [r.id, r.minutes, r.ethics_or_regulations, r.reference])).toEqual([[`course:${ids.yearCourse}`, 120, true, 'IA/CPD/2030/0001']]);
    expect(la.totals).toMatchObject({ minutes: 120, ethics_minutes: 120 });
    // One second later it is the next period, and the next approval.
    expect((await ledger(b)).rows).toEqual([]);
    expect((await ledger(b, 2031)).rows.map((r) => [r.minutes, r.ethics_or_regulations, r.reference])).toEqual([[60, false, 'IA/CPD/2031/0001']]);
  });
});

describe('a classroom course counts the sessions with both a check-in and a check-out, at most the approval’s minutes', () => {
  const sessionsOf = async () => (await db.select().from(offlineSessions).where(eq(offlineSessions.courseId, ids.classroom))).sort((x, y) => x.startsAt.getTime() - y.startsAt.getTime());

  it('caps two full sessions (240 minutes) at the approval’s 180, E/R', async () => {
    const [user] = await createAgents(db, 'cpdfull', 1);
    for (const s of await sessionsOf()) await db.insert(offlineAttendance).values({ sessionId: s.id, userId: user, checkedInAt: s.startsAt, checkedOutAt: s.endsAt });
    const l = await ledger(user);
    expect(l.rows).toEqual([expect.objectContaining({ id: `offline:${ids.classroom}`, source: 'offline', minutes: 180, ethics_or_regulations: true, reference: 'IA/CPD/2030/0100', activity_kind: 'structured', completed_on: '2031-03-09' })]);
    expect(l.totals).toMatchObject({ minutes: 180, ethics_minutes: 180, needed_ethics_minutes: 0 });
  });

  it('a session checked into but never out counts nothing; the other counts what was attended inside the session', async () => {
    const [user, onlyIn] = await createAgents(db, 'cpdhalf', 2);
    const [s1, s2] = await sessionsOf();
    await db.insert(offlineAttendance).values({ sessionId: s1.id, userId: user, checkedInAt: s1.startsAt, checkedOutAt: null });
    // Checked in 30 minutes early and out after 60 minutes of the session: 60 minutes.
    await db.insert(offlineAttendance).values({ sessionId: s2.id, userId: user, checkedInAt: new Date(s2.startsAt.getTime() - HOUR / 2), checkedOutAt: new Date(s2.startsAt.getTime() + HOUR) });
    await db.insert(offlineAttendance).values({ sessionId: s1.id, userId: onlyIn, checkedInAt: s1.startsAt, checkedOutAt: null });
    expect((await ledger(user)).rows.map((r) => r.minutes)).toEqual([60]);
    expect((await ledger(onlyIn)).rows).toEqual([]);
  });
});

describe('claims, and no carry-over', () => {
  it('an approved claim counts in the period of its last day; a pending or rejected one does not', async () => {
    const [user] = await createAgents(db, 'cpdclaim', 1);
    await claim(user, { minutes: 120, endedOn: '2031-07-31', ethics: true });
    await claim(user, { minutes: 600, endedOn: '2031-05-01', status: 'pending' });
    await claim(user, { minutes: 600, endedOn: '2031-05-02', status: 'rejected' });
    await claim(user, { minutes: 45, endedOn: '2031-08-01' });
    const l = await ledger(user);
    expect(l.rows.map((r) => [r.source, r.minutes, r.ethics_or_regulations, r.completed_on, r.reference])).toEqual([['claim', 120, true, '2031-07-31', null]]);
    expect(l.totals).toEqual({ minutes: 120, ethics_minutes: 120, needed_minutes: 780, needed_ethics_minutes: 60, compliant: false });
    expect((await ledger(user, 2031)).totals.minutes).toBe(45);
  });

  it('surplus minutes of a period do not carry over to the next; the earlier period is listed below', async () => {
    const [user] = await createAgents(db, 'cpdsurplus', 1);
    await claim(user, { minutes: 1500, endedOn: '2030-06-30', ethics: true });
    const l = await ledger(user);
    expect(l.totals).toEqual({ minutes: 0, ethics_minutes: 0, needed_minutes: 900, needed_ethics_minutes: 180, compliant: false });
    expect(l.previous).toEqual([{ start_year: 2029, minutes: 1500, ethics_minutes: 1500, target_minutes: 900, target_ethics_minutes: 180, compliant: true }]);
  });

  it('is compliant when both the total and the E/R part are met', async () => {
    const [user] = await createAgents(db, 'cpdok', 1);
    await claim(user, { minutes: 720, endedOn: '2031-02-01' });
    await claim(user, { minutes: 179, endedOn: '2031-02-02', ethics: true });
    expect((await ledger(user)).totals).toMatchObject({ minutes: 899, needed_minutes: 1, needed_ethics_minutes: 1, compliant: false });
    await claim(user, { minutes: 1, endedOn: '2031-02-03', ethics: true });
    expect((await ledger(user)).totals).toEqual({ minutes: 900, ethics_minutes: 180, needed_minutes: 0, needed_ethics_minutes: 0, compliant: true });
  });
});

describe('targets', () => {
  it('a licence granted mid-period owes the pro-rated target of its month, as the table says', async () => {
    const [user] = await createAgents(db, 'cpdnew', 1);
    await db.insert(cpdLicences).values({ userId: user, licenceKind: 'insurance_intermediary', licensedOn: '2031-01-20' });
    const [row] = await db.select().from(cpdProrataTargets).where(and(eq(cpdProrataTargets.licenceKind, 'insurance_intermediary'), eq(cpdProrataTargets.monthOfPeriod, 6)));
    const l = await ledger(user);
    expect(l.target).toEqual({ minutes: row.minutes, ethics_minutes: row.ethicsMinutes, licence_kind: 'insurance_intermediary', prorated: true });
    expect(row.minutes).toBeLessThan(900);
    // The next period: the full target; the one before the licence: none.
    expect((await ledger(user, 2031)).target).toEqual({ minutes: 900, ethics_minutes: 180, licence_kind: 'insurance_intermediary', prorated: false });
    expect((await ledger(user, 2029)).target).toEqual({ minutes: 0, ethics_minutes: 0, licence_kind: null, prorated: false });
    // A compliance officer changes the table: the ledger follows (data, not code).
    await db.update(cpdProrataTargets).set({ minutes: 480 }).where(and(eq(cpdProrataTargets.licenceKind, 'insurance_intermediary'), eq(cpdProrataTargets.monthOfPeriod, 6)));
    expect((await ledger(user)).target.minutes).toBe(480);
    await db.update(cpdProrataTargets).set({ minutes: row.minutes }).where(and(eq(cpdProrataTargets.licenceKind, 'insurance_intermediary'), eq(cpdProrataTargets.monthOfPeriod, 6)));
  });

  it('a travel agent owes 3 hours and no E/R; a recruit owes nothing', async () => {
    const [agent, recruit] = await createAgents(db, 'cpdtravel', 2);
    await db.insert(cpdLicences).values({ userId: agent, licenceKind: 'travel_agent', licensedOn: '2015-03-01' });
    await db.update(users).set({ role: 'recruit' }).where(eq(users.id, recruit));
    await claim(agent, { minutes: 180, endedOn: '2030-11-11' });
    const [travel] = await db.select().from(cpdTargets).where(eq(cpdTargets.licenceKind, 'travel_agent'));
    expect(travel).toMatchObject({ minutes: 180, ethicsMinutes: 0 });
    const l = await ledger(agent);
    expect(l.target).toEqual({ minutes: 180, ethics_minutes: 0, licence_kind: 'travel_agent', prorated: false });
    expect(l.totals).toEqual({ minutes: 180, ethics_minutes: 0, needed_minutes: 0, needed_ethics_minutes: 0, compliant: true });
    expect((await ledger(recruit)).target).toEqual({ minutes: 0, ethics_minutes: 0, licence_kind: null, prorated: false });
  });
});

describe('the ledger answer', () => {
  it('follows the contract, with the period’s dates and the days left by the server clock', async () => {
    const [user] = await createAgents(db, 'cpdshape', 1);
    const l = cpdLedgerSchema.parse(await cpdLedger(db, user, 2031, NOW, 'zh'));
    expect(l.period).toEqual({ start_year: 2031, starts_on: '2031-08-01', ends_on: '2032-07-31', days_left: 321, declaration_due: '2032-09-30', insurer_report_due: '2032-10-31' });
    expect(l.user).toEqual({ id: String(user), name: 'cpdshape 0', agent_code: 'cpdshape0' });
  });

  it('refuses a period that is no year, before 2019 or after the current one, with a code', () => {
    return cpdConfig(db).then((config) => {
      expect(periodAsked(undefined, NOW, config)).toBe(2031);
      expect(periodAsked('2019', NOW, config)).toBe(2019);
      for (const [raw, code] of [
        ['abc', CPD_ERROR_CODE.cpdPeriodInvalid],
        ['20.5', CPD_ERROR_CODE.cpdPeriodInvalid],
        ['', CPD_ERROR_CODE.cpdPeriodInvalid],
        ['2018', CPD_ERROR_CODE.cpdPeriodOutOfRange],
        ['2032', CPD_ERROR_CODE.cpdPeriodOutOfRange],
        ['999999', CPD_ERROR_CODE.cpdPeriodOutOfRange],
      ]) {
        expect(() => periodAsked(raw, NOW, config), raw).toThrow(expect.objectContaining({ status: 400, extras: { code } }));
      }
    });
  });
});

describe('cpdTotals', () => {
  it('agrees with the ledger of every learner above, for a list and for everyone', async () => {
    const people = await db.select({ id: users.id }).from(users);
    const some = people.map((p) => p.id);
    for (const period of [2029, 2030, 2031]) {
      const totals = await cpdTotals(db, some, period, NOW);
      const all = await cpdTotals(db, 'all', period, NOW);
      for (const id of some) {
        const l = await cpdLedger(db, id, period, NOW, 'en');
        const expected = { minutes: l.totals.minutes, ethicsMinutes: l.totals.ethics_minutes, targetMinutes: l.target.minutes, targetEthicsMinutes: l.target.ethics_minutes };
        expect(totals.get(id), `${id} in ${period}`).toEqual(expected);
        if (l.target.licence_kind !== null) expect(all.get(id), `${id} in ${period} (all)`).toEqual(expected);
      }
    }
  });
});
