import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { offlineCourses, offlineEnrolments, offlinePrerequisites, offlineSessions, users } from '../db/schema';
import { currentCodes, type CodeKind } from '../domain/offline-trainer-codes';
import { tri } from './content-factory';

// Classroom courses for tests (issue 14, ADR 031).

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface OfflineCourseInput {
  title: string;
  now: Date;
  quota?: number;
  needsApproval?: boolean;
  venue?: string;
  /** Default: opened a day before `now`. */
  applicationsOpenAt?: Date;
  /** Default: a week after `now`. */
  enrolDeadline?: Date;
  /** Default: a week after `now`. */
  cancelDeadline?: Date;
  /** Default: ten days after `now`, two hours. */
  sessionStart?: Date;
  /** AND-ed groups of OR-ed e-learning course ids. */
  prerequisites?: number[][];
  published?: boolean;
  /** The session's trainer (agent code); default trainer01. */
  trainer?: string;
}

export async function createOfflineCourse(db: Db, o: OfflineCourseInput): Promise<number> {
  const [row] = await db
    .insert(offlineCourses)
    .values({
      title: tri(o.title),
      description: tri(`${o.title} description`),
      venue: tri(o.venue ?? 'Training Room A'),
      initiator: tri('Learning and Development'),
      remarks: tri('Bring your agent card'),
      fee: 0,
      enquiryEmail: 'training@agent-academy.test',
      durationHours: 2,
      cpdHours: 2,
      quota: o.quota ?? 20,
      needsApproval: o.needsApproval ?? true,
      applicationsOpenAt: o.applicationsOpenAt ?? new Date(o.now.getTime() - DAY),
      enrolDeadline: o.enrolDeadline ?? new Date(o.now.getTime() + 7 * DAY),
      cancelDeadline: o.cancelDeadline ?? new Date(o.now.getTime() + 7 * DAY),
      publishedAt: o.published === false ? null : new Date(o.now.getTime() - 2 * DAY),
    })
    .returning({ id: offlineCourses.id });
  const start = o.sessionStart ?? new Date(o.now.getTime() + 10 * DAY);
  await db.insert(offlineSessions).values({
    courseId: row.id,
    title: tri(`${o.title} session 1`),
    startsAt: start,
    endsAt: new Date(start.getTime() + 2 * HOUR),
    windowOpensAt: new Date(start.getTime() - HOUR / 2),
    windowClosesAt: new Date(start.getTime() + 2.5 * HOUR),
    trainerId: (await db.select({ id: users.id }).from(users).where(eq(users.externalId, o.trainer ?? 'trainer01')))[0]?.id ?? null,
  });
  for (const [i, group] of (o.prerequisites ?? []).entries()) {
    for (const courseId of group) await db.insert(offlinePrerequisites).values({ offlineCourseId: row.id, groupNo: i + 1, courseId });
  }
  return row.id;
}

/** `n` agents (no sign-in needed: domain-level tests), answering their ids. */
export async function createAgents(db: Db, prefix: string, n: number): Promise<number[]> {
  const rows = await db
    .insert(users)
    .values(Array.from({ length: n }, (_, i) => ({ externalId: `${prefix}${i}`, name: `${prefix} ${i}`, email: `${prefix}${i}@agent-academy.test`, passwordHash: 'x', role: 'agent' as const })))
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

export async function enrolmentStatuses(db: Db, courseId: number): Promise<Record<string, number>> {
  const rows = await db.select({ status: offlineEnrolments.status }).from(offlineEnrolments).where(eq(offlineEnrolments.courseId, courseId));
  const out: Record<string, number> = {};
  for (const r of rows) out[r.status] = (out[r.status] ?? 0) + 1;
  return out;
}

/** The code a session's trainer screen shows at `nowMs` (read from its secret, as the server derives it). */
export async function liveCode(db: Db, sessionId: number | string, kind: CodeKind, nowMs: number): Promise<string> {
  const [row] = await db.select({ secret: offlineSessions.codeSecret }).from(offlineSessions).where(eq(offlineSessions.id, Number(sessionId)));
  const codes = currentCodes(row.secret, nowMs);
  return kind === 'in' ? codes.checkIn : codes.checkOut;
}
