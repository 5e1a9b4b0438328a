import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Viewing } from '../../src/api/schemas/viewings.schema';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import { courseEnrolments, identityChecks, sessions, users, viewings } from '../db/schema';
import { coversOf, type Cover, type Evidence } from './on-screen-time-credit';
import type { Tx } from './courses';

// ADR 012: viewings (the server saw the learner open an item) and the identity verifications that
// let their time be credited.

export type ViewingRow = typeof viewings.$inferSelect;

export async function beginViewing(
  db: Db,
  v: { userId: number; sessionId: string; courseId: number | null; itemId: number | null; attachmentId: number | null; now: Date },
): Promise<ViewingRow> {
  const [row] = await db
    .insert(viewings)
    .values({ userId: v.userId, sessionId: v.sessionId, courseId: v.courseId, itemId: v.itemId, attachmentId: v.attachmentId, startedAt: v.now })
    .returning();
  return row;
}

/** The learner's own viewing of exactly this target; undefined for anyone else's or another target's. */
export async function findViewing(db: Tx, userId: number, viewingId: number, target: { itemId?: number; attachmentId?: number }): Promise<ViewingRow | undefined> {
  const [row] = await db.select().from(viewings).where(and(eq(viewings.id, viewingId), eq(viewings.userId, userId)));
  if (!row) return undefined;
  if (target.itemId !== undefined && row.itemId !== target.itemId) return undefined;
  if (target.attachmentId !== undefined && row.attachmentId !== target.attachmentId) return undefined;
  return row;
}

export async function hasViewed(db: Tx, userId: number, attachmentId: number): Promise<boolean> {
  const [row] = await db.select({ id: viewings.id }).from(viewings).where(and(eq(viewings.userId, userId), eq(viewings.attachmentId, attachmentId))).limit(1);
  return row !== undefined;
}

/**
 * Serialises the crediting of one learner's records (two tabs sending at once must not both take
 * the same free seconds). Answers, from the same statement, whether the learner's enrolment in
 * `courseId` is completed (ADR 041: one round trip, not two; read no earlier than before).
 */
export async function lockLearner(tx: Tx, userId: number, courseId: number | null): Promise<{ courseCompleted: boolean }> {
  const status = courseId === null ? sql<null>`null` : sql<string | null>`(select ce.status from ${courseEnrolments} ce where ce.user_id = ${userId} and ce.course_id = ${courseId})`;
  const [row] = await tx.select({ status }).from(users).where(eq(users.id, userId)).for('update');
  return { courseCompleted: row?.status === 'completed' };
}

/** Seconds a passed check (or the sign-in) covers: the longest delay between prompts plus the slack to answer. */
export const verificationWindowSeconds = (config: ServerConfig): number => config.continualAuth.max * config.continualAuth.unitSeconds + config.continualAuth.slackSeconds;

const toSecond = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * Where the learner's identity was verified recently enough, around [from, to] (whole seconds):
 * the sign-ins (with the second factor where it is required) and passed checks, each cut short by
 * the next failed one. Null when continual authentication is off: then every second qualifies.
 */
export async function identityCovers(db: Tx, config: ServerConfig, userId: number, from: number, to: number): Promise<Cover[] | null> {
  if (!config.continualAuth.enabled) return null;
  const windowSeconds = verificationWindowSeconds(config);
  const since = new Date((from - windowSeconds) * 1000);
  // Rows are stamped to the millisecond and `to` is a whole second: a sign-in or check made within
  // second `to` (before it ends) counts for it. `to * 1000` left out a sign-in at 12:00:05.700 from a
  // viewing opened at 12:00:05.900, which then said the verification had lapsed and the browser
  // prompted at once (a journey saw it on a fast machine).
  const until = new Date((to + 1) * 1000);
  // Two reads sent together (one round trip in a transaction); neither depends on the other.
  const [signIns, checks] = await Promise.all([
    db
      .select({ id: sessions.id, createdAt: sessions.createdAt, g2fa: sessions.g2fa })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gte(sessions.createdAt, since), lt(sessions.createdAt, until))),
    db
      .select({ id: identityChecks.id, outcome: identityChecks.outcome, createdAt: identityChecks.createdAt })
      .from(identityChecks)
      .where(and(eq(identityChecks.userId, userId), gte(identityChecks.createdAt, since), lt(identityChecks.createdAt, until))),
  ]);
  // Milliseconds, as stamped: coversOf orders a pass and a failure of the same second by them.
  const verifications: Array<{ atMs: number; evidence: Evidence }> = [
    ...signIns.filter((s) => s.g2fa || !config.twoFactorRequired).map((s) => ({ atMs: s.createdAt.getTime(), evidence: { identityCheckId: null, signInSessionId: s.id } })),
    ...checks.filter((c) => c.outcome === 'success').map((c) => ({ atMs: c.createdAt.getTime(), evidence: { identityCheckId: c.id, signInSessionId: null } })),
  ];
  const failures = checks.filter((c) => c.outcome === 'failure').map((c) => c.createdAt.getTime());
  return coversOf(verifications, failures, windowSeconds);
}

/** Until when the learner's identity counts as verified, as of `now` (null when checks are off). */
export async function identityVerifiedUntil(db: Tx, config: ServerConfig, userId: number, now: Date): Promise<Date | null> {
  const second = toSecond(now);
  const covers = await identityCovers(db, config, userId, second, second);
  if (covers === null) return null;
  const ends = covers.filter((c) => c.start <= second).map((c) => c.end);
  return new Date(Math.max(second, ...ends) * 1000);
}

export const viewingOf = (row: ViewingRow, verifiedUntil: Date | null): Viewing => ({
  id: String(row.id),
  started_at: row.startedAt.toISOString(),
  identity_verified_until: verifiedUntil ? verifiedUntil.toISOString() : null,
});

