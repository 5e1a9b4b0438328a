import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { cpdLedger } from '../domain/cpd-ledger';
import { hkDate, periodOf } from '../domain/cpd-period';
import { createFileStore } from '../storage/file-store';
import { openDatabase, type Database } from './client';
import { cpdClaims, cpdCourseApprovals, cpdProrataTargets, cpdSettings, cpdTargets, courses, managementCourseRules, offlineCourses, users, type CpdClaimStatus } from './schema';
import { seedIfEmpty } from './seed';
import { seedContentIfEmpty } from './seed-content';
import { demoMomentInPeriod, ensureCpdConfiguration } from './seed-cpd';

// Issue 45 "Demo data that shows it all to someone who just ran npm start" (BRIEF-CPD "Demo"), on
// databases seeded at two moments: mid-period (the demo's days-ago fit), and three days into a period
// (the moments that would fall before it are kept inside it). agent01 is short by 4 hours with 3 of
// 3 E/R hours done and a 2-hour seminar claim pending for manager01; agent02 is compliant; agent03
// at risk (2 hours, E/R short) with a rejected claim.

const opened: { database: Database; dir: string }[] = [];
afterAll(async () => {
  for (const o of opened) {
    await o.database.close();
    rmSync(o.dir, { recursive: true, force: true });
  }
});

async function seededAt(now: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'aa-seed-cpd-'));
  const database = await openDatabase({ kind: 'memory' });
  opened.push({ database, dir });
  await seedIfEmpty(database.db);
  await seedContentIfEmpty(database.db, createFileStore(path.join(dir, 'files')), now);
  const db = database.db;
  const idOf = new Map((await db.select({ id: users.id, code: users.externalId }).from(users)).map((u) => [u.code, u.id]));
  // An hour after the seed, by the server clock.
  const ledgerOf = (code: string, period = periodOf(now)) => cpdLedger(db, idOf.get(code)!, period, new Date(now + 3_600_000), 'en');
  return { db, idOf, ledgerOf };
}

const hours = (minutes: number) => minutes / 60;

describe.each([
  ['mid-period', Date.parse('2026-12-02T08:00:00Z')],
  ['three days into a period', Date.parse('2027-08-03T04:00:00Z')],
])('the CPD demo seeded %s', (_when, now) => {
  let seeded: Awaited<ReturnType<typeof seededAt>>;

  it('seeds the GL24 configuration: the period, 15 hours of which 3 E/R, travel agents 3 hours, a pro-rata row per month', async () => {
    seeded = await seededAt(now);
    const { db } = seeded;
    expect(await db.select().from(cpdSettings)).toEqual([
      { id: 1, periodStartMonth: 8, periodStartDay: 1, declarationDue: '09-30', insurerReportDue: '10-31', retentionYears: 7, reminderDays: [60, 30, 14, 7, 1], uplineWeeklyFromDays: 60 },
    ]);
    expect(await db.select().from(cpdTargets).orderBy(cpdTargets.licenceKind)).toEqual([
      { licenceKind: 'insurance_intermediary', minutes: 900, ethicsMinutes: 180 },
      { licenceKind: 'travel_agent', minutes: 180, ethicsMinutes: 0 },
    ]);
    const prorata = await db.select().from(cpdProrataTargets);
    expect(prorata).toHaveLength(24);
    const intermediary = prorata.filter((p) => p.licenceKind === 'insurance_intermediary').sort((a, b) => a.monthOfPeriod - b.monthOfPeriod);
    expect(intermediary[0]).toMatchObject({ monthOfPeriod: 1, minutes: 900, ethicsMinutes: 180 });
    for (const [a, b] of intermediary.slice(1).map((p, i) => [intermediary[i], p])) expect(b.minutes).toBeLessThanOrEqual(a.minutes);
    for (const p of prorata) expect(p.minutes % 60).toBe(0);
    // Idempotent, and an officer's change stands.
    await db.update(cpdTargets).set({ minutes: 960 }).where(eq(cpdTargets.licenceKind, 'insurance_intermediary'));
    await ensureCpdConfiguration(db);
    expect((await db.select().from(cpdTargets).where(eq(cpdTargets.licenceKind, 'insurance_intermediary')))[0].minutes).toBe(960);
    await db.update(cpdTargets).set({ minutes: 900 }).where(eq(cpdTargets.licenceKind, 'insurance_intermediary'));
    expect(await db.$count(cpdProrataTargets)).toBe(24);
  }, 240_000);

  it('approves every course with CPD hours for this period and the last, with its hours and its E/R flag', async () => {
    const { db } = seeded;
    const approvals = await db.select().from(cpdCourseApprovals);
    const elearning = await db.select({ id: courses.id, hours: courses.cpdHours, ethics: managementCourseRules.ethicsRegulations }).from(courses).leftJoin(managementCourseRules, eq(managementCourseRules.courseId, courses.id));
    const classroom = await db.select({ id: offlineCourses.id, hours: offlineCourses.cpdHours }).from(offlineCourses);
    const current = periodOf(now);
    for (const c of elearning) {
      const mine = approvals.filter((a) => a.courseId === c.id).sort((a, b) => a.validFrom.localeCompare(b.validFrom));
      expect(mine.map((a) => [a.validFrom, a.validTo])).toEqual([
        [`${current - 1}-08-01`, `${current}-07-31`],
        [`${current}-08-01`, `${current + 1}-07-31`],
      ]);
      for (const a of mine) expect(a).toMatchObject({ minutes: Math.round(c.hours * 60), ethicsOrRegulations: c.ethics ?? false, activityKind: 'e_learning', reference: expect.stringMatching(/^IA\/CPD\/\d{4}\/\d{4}$/) });
    }
    for (const c of classroom) expect(approvals.filter((a) => a.offlineCourseId === c.id).map((a) => a.minutes)).toEqual([Math.round(c.hours * 60), Math.round(c.hours * 60)]);
    expect(new Set(approvals.map((a) => a.reference)).size).toBe(approvals.length);
  });

  it('agent01 is short by a few hours with 3 of 3 E/R hours done, and has a 2-hour seminar claim pending for manager01', async () => {
    const { db, idOf, ledgerOf } = seeded;
    const l = await ledgerOf('agent01');
    expect(l.target).toEqual({ minutes: 900, ethics_minutes: 180, licence_kind: 'insurance_intermediary', prorated: false });
    expect(l.totals).toEqual({ minutes: 660, ethics_minutes: 300, needed_minutes: 240, needed_ethics_minutes: 0, compliant: false });
    expect(hours(l.totals.needed_minutes)).toBe(4);
    expect(l.rows.map((r) => [r.source, r.title, r.minutes, r.ethics_or_regulations]).sort()).toEqual(
      [
        ['claim', 'Financial Planning Update 2026', 180, false],
        ['course', 'Anti-Money Laundering Essentials', 120, true],
        ['course', 'Investment-Linked Assurance Schemes: The Basics', 180, false],
        ['offline', 'Compliance Refresher 2026', 180, true],
      ].sort(),
    );
    // Every row dated in this period, by the seed's clock.
    for (const r of l.rows) {
      expect(periodOf(Date.parse(r.completed_at)), r.title).toBe(periodOf(now));
      expect(Date.parse(r.completed_at)).toBeLessThanOrEqual(now);
    }
    expect(l.previous).toEqual([{ start_year: periodOf(now) - 1, minutes: 900, ethics_minutes: 180, target_minutes: 900, target_ethics_minutes: 180, compliant: true }]);
    const pending = await db.select().from(cpdClaims).where(eq(cpdClaims.status, 'pending'));
    expect(pending).toEqual([expect.objectContaining({ userId: idOf.get('agent01'), kind: 'seminar', minutes: 120, decidedBy: null })]);
    const [agent01] = await db.select().from(users).where(eq(users.externalId, 'agent01'));
    expect(agent01.uplineId).toBe(idOf.get('manager01'));
    expect(periodOf(Date.parse(`${pending[0].endedOn}T12:00:00+08:00`))).toBe(periodOf(now));
  });

  it('agent02 is compliant; agent03 at risk with a rejected claim', async () => {
    const { db, idOf, ledgerOf } = seeded;
    expect((await ledgerOf('agent02')).totals).toEqual({ minutes: 990, ethics_minutes: 180, needed_minutes: 0, needed_ethics_minutes: 0, compliant: true });
    const agent03 = await ledgerOf('agent03');
    expect(agent03.totals).toEqual({ minutes: 120, ethics_minutes: 120, needed_minutes: 780, needed_ethics_minutes: 60, compliant: false });
    const statuses = (await db.select().from(cpdClaims).where(eq(cpdClaims.userId, idOf.get('agent03')!))).map((c) => c.status as CpdClaimStatus).sort();
    expect(statuses).toEqual(['approved', 'rejected']);
    const [rejected] = await db.select().from(cpdClaims).where(eq(cpdClaims.status, 'rejected'));
    expect(rejected).toMatchObject({ decidedBy: idOf.get('manager01'), decisionReason: expect.stringMatching(/certificate/) });
  });

  it('newjoiner01 owes the pro-rated target of the month of their licence when it was granted in this period', async () => {
    const { ledgerOf } = seeded;
    const l = await ledgerOf('newjoiner01');
    const licensedOn = hkDate(now - 60 * 86_400_000);
    expect(l.target.prorated).toBe(periodOf(Date.parse(`${licensedOn}T12:00:00+08:00`)) === periodOf(now));
    expect(l.target.minutes).toBeLessThanOrEqual(900);
  });
});

describe('demoMomentInPeriod', () => {
  it('keeps a demo moment as it is inside the period, halfway between its start and now before it', () => {
    const now = Date.parse('2027-08-03T04:00:00Z');
    const start = Date.parse('2027-07-31T16:00:00Z');
    expect(demoMomentInPeriod(now, 1)).toBe(now - 86_400_000);
    expect(demoMomentInPeriod(now, 40)).toBe(start + (now - start) / 2);
    expect(demoMomentInPeriod(now, 40, 3_600_000)).toBe(start + Math.floor((now - 3_600_000 - start) / 2));
  });
});
