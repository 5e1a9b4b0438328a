import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { and, asc, count, eq, gt } from 'drizzle-orm';
import { storeEvidence, type StoredEvidence } from '../domain/cpd-claim';
import { hkDate, periodBounds, periodDays, periodOf } from '../domain/cpd-period';
import type { FileStore } from '../storage/file-store';
import type { Db } from './client';
import { DEMO_CPD_CLAIMS, DEMO_CPD_EVIDENCE, DEMO_CPD_LICENCES, GL24_SETTINGS, GL24_TARGETS, prorataTargets } from './fixtures/demo-cpd';
import {
  courses,
  cpdClaims,
  cpdCourseApprovals,
  cpdLicences,
  cpdProrataTargets,
  cpdSettings,
  cpdTargets,
  creditedSpans,
  identityChecks,
  managementCourseRules,
  managementOfflineCourseRules,
  offlineCourses,
  onScreenLogs,
  sessions,
  viewings,
} from './schema';

// Issue 45: the CPD ledger's configuration (every database) and its demo (fixtures/demo-cpd.ts).

const DAY = 86_400_000;

/**
 * The GL24 configuration, for a database that has none: the settings row, the targets, and the
 * pro-rata table of a licence kind with no row. Never overwrites what is there (a compliance
 * officer's change stands). Idempotent; run at every start and by the seed.
 */
export async function ensureCpdConfiguration(db: Db): Promise<void> {
  await db.insert(cpdSettings).values(GL24_SETTINGS).onConflictDoNothing();
  await db.insert(cpdTargets).values([...GL24_TARGETS]).onConflictDoNothing();
  const kinds = await db.select({ kind: cpdProrataTargets.licenceKind, n: count() }).from(cpdProrataTargets).groupBy(cpdProrataTargets.licenceKind);
  const filled = new Set(kinds.map((k) => k.kind));
  const missing = prorataTargets().filter((p) => !filled.has(p.licenceKind));
  if (missing.length > 0) await db.insert(cpdProrataTargets).values(missing).onConflictDoNothing();
}

/**
 * A demo moment `daysAgo` days before `now`, kept inside the period holding `now` (the demo's now
 * is the real clock): one that would fall before the period began lies halfway between its start
 * and `now` instead. `spanMs`: how long what happens then lasts (it must end by `now`).
 */
export function demoMomentInPeriod(now: number, daysAgo: number, spanMs = 0): number {
  const at = now - daysAgo * DAY;
  const { start } = periodBounds(periodOf(now));
  if (at >= start.getTime()) return at;
  const room = now - spanMs - start.getTime();
  return room > 0 ? start.getTime() + Math.floor(room / 2) : at;
}

/** The demo claims' evidence file (the demo PDF), stored encrypted as a claim's upload is (ADR 086),
 * written before the seed's transaction; the demo claims share it. */
export async function storeCpdDemoEvidence(files: FileStore, pdfPath: string): Promise<StoredEvidence> {
  return storeEvidence(files, await readFile(pdfPath), DEMO_CPD_EVIDENCE.mediaType, DEMO_CPD_EVIDENCE.name);
}

const minutesOf = (hours: number) => Math.round(hours * 60);

/**
 * The demo's course approvals: each e-learning and classroom course with CPD hours is approved
 * for the previous and the current period (re-assessed yearly), with its hours and its
 * Ethics/Regulations flag as the management rules mark them today.
 */
async function seedApprovals(tx: Db, now: number) {
  const current = periodOf(now);
  const elearning = await tx
    .select({ id: courses.id, hours: courses.cpdHours, ethics: managementCourseRules.ethicsRegulations })
    .from(courses)
    .leftJoin(managementCourseRules, eq(managementCourseRules.courseId, courses.id))
    .where(gt(courses.cpdHours, 0))
    .orderBy(asc(courses.id));
  const classroom = await tx
    .select({ id: offlineCourses.id, hours: offlineCourses.cpdHours, ethics: managementOfflineCourseRules.ethicsRegulations })
    .from(offlineCourses)
    .leftJoin(managementOfflineCourseRules, eq(managementOfflineCourseRules.offlineCourseId, offlineCourses.id))
    .where(gt(offlineCourses.cpdHours, 0))
    .orderBy(asc(offlineCourses.id));
  const rows: (typeof cpdCourseApprovals.$inferInsert)[] = [];
  for (const year of [current - 1, current]) {
    const { startsOn, endsOn } = periodDays(year);
    let seq = 0;
    const reference = () => `IA/CPD/${year}/${String((seq += 1)).padStart(4, '0')}`;
    for (const c of elearning) rows.push({ courseId: c.id, reference: reference(), activityKind: 'e_learning', minutes: minutesOf(c.hours), ethicsOrRegulations: c.ethics ?? false, validFrom: startsOn, validTo: endsOn });
    for (const c of classroom) rows.push({ offlineCourseId: c.id, reference: reference(), activityKind: 'structured', minutes: minutesOf(c.hours), ethicsOrRegulations: c.ethics ?? false, validFrom: startsOn, validTo: endsOn });
  }
  await tx.insert(cpdCourseApprovals).values(rows);
}

/** The demo claims (fixtures/demo-cpd.ts), approved and rejected ones decided by manager01. */
async function seedClaims(tx: Db, { userId, now, evidence }: { userId: (code: string) => number; now: number; evidence: StoredEvidence }) {
  const previousStart = periodBounds(periodOf(now) - 1).start.getTime();
  const manager = userId('manager01');
  for (const c of DEMO_CPD_CLAIMS) {
    const endedAt = c.period === 'current' ? demoMomentInPeriod(now, c.daysAgo, 2 * DAY) : previousStart + c.daysAgo * DAY;
    const endedOn = hkDate(endedAt);
    const startedOn = hkDate(endedAt - (c.days - 1) * DAY);
    const submittedAt = new Date(endedAt + DAY / 2);
    const decided = c.status !== 'pending';
    await tx.insert(cpdClaims).values({
      userId: userId(c.user),
      kind: c.kind,
      provider: c.provider,
      title: c.title,
      startedOn,
      endedOn,
      minutes: c.minutes,
      ethicsOrRegulations: c.ethics,
      ...evidence,
      termsAcceptedAt: submittedAt,
      status: c.status,
      submittedAt,
      decidedBy: decided ? manager : null,
      decidedAt: decided ? new Date(Math.min(submittedAt.getTime() + DAY, now)) : null,
      decisionReason: c.reason ?? null,
    });
  }
}

/**
 * The evidence behind agent01's completed AML course: its records were seeded without the viewings
 * the server sees today, so each gets one (in a signed-out past session on one device) and the
 * seconds it credited, covered by that sign-in (ADR 012). What a ledger row's evidence shows.
 */
async function seedCourseEvidence(tx: Db, { userId, courseId }: { userId: (code: string) => number; courseId: number }) {
  const uid = userId('agent01');
  const logs = await tx
    .select()
    .from(onScreenLogs)
    .where(and(eq(onScreenLogs.userId, uid), eq(onScreenLogs.courseId, courseId)))
    .orderBy(asc(onScreenLogs.key));
  if (logs.length === 0) return;
  const first = logs[0].key;
  const last = logs.at(-1)!;
  const signedIn = new Date(first - 5 * 60_000);
  const signedOut = new Date(last.key + last.duration * 1000 + 5 * 60_000);
  const sessionId = randomUUID();
  await tx.insert(sessions).values({ id: sessionId, userId: uid, clientId: DEMO_DEVICE_ID, createdAt: signedIn, lastSeenAt: signedOut, revokedAt: signedOut });
  // Issue 46, ADR 097: a password check passed during the first viewing, on the course's page (what
  // the auditor's evidence replay shows with the viewing and the credited time of that day).
  await tx.insert(identityChecks).values({ userId: uid, sessionId, type: 'password', outcome: 'success', courseId: String(courseId), itemId: logs[0].itemId === null ? null : String(logs[0].itemId), createdAt: new Date(first + 60_000) });
  for (const log of logs) {
    const startedAt = new Date(log.key);
    const [viewing] = await tx
      .insert(viewings)
      .values({ userId: uid, sessionId, courseId, itemId: log.itemId, attachmentId: log.attachmentId, startedAt })
      .returning({ id: viewings.id });
    await tx.update(onScreenLogs).set({ viewingId: viewing.id, claimedDuration: log.duration }).where(eq(onScreenLogs.id, log.id));
    await tx.insert(creditedSpans).values({ userId: uid, onScreenLogId: log.id, viewingId: viewing.id, startsAt: startedAt, endsAt: new Date(log.key + log.duration * 1000), signInSessionId: sessionId });
  }
}

/** The X-Client-Id of agent01's demo browser (its past session). */
export const DEMO_DEVICE_ID = '6b0e3c52-9a7d-4f18-b3c4-2d5e8f1a7c90';

/** The CPD demo (after the courses, classroom courses and management rules): inside the seed's transaction. */
export async function seedCpdDemo(
  tx: Db,
  { userId, courseIds, now, evidence }: { userId: (code: string) => number; courseIds: Map<string, number>; now: number; evidence: StoredEvidence },
) {
  await ensureCpdConfiguration(tx);
  await seedApprovals(tx, now);
  await seedClaims(tx, { userId, now, evidence });
  await tx.insert(cpdLicences).values(DEMO_CPD_LICENCES.map((l) => ({ userId: userId(l.user), licenceKind: l.kind, licensedOn: hkDate(now - l.daysAgo * DAY) })));
  await seedCourseEvidence(tx, { userId, courseId: courseIds.get('aml')! });
}
