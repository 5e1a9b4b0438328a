import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type {
  ApproveAllPayload,
  ApproveAllResult,
  AssignPayload,
  AssignResult,
  DownlineList,
  ManagedEnrolment,
  ManagedEnrolmentList,
  ManagedEnrolmentsQuery,
  PageQuery,
  Report,
  ReportQuery,
  ReportRow,
} from '../../src/api/schemas/management.schema';
import { API_ERROR_CODE } from '../../src/api/schemas/error.schema';
import { OFFLINE_ERROR_CODE } from '../../src/api/schemas/offline-enrolments.schema';
import type { Language } from '../../src/config/constants';
import type { Db } from '../db/client';
import { offlineCourses, offlineEnrolments, users } from '../db/schema';
import { HttpError } from '../http/errors';
import { translate } from '../i18n/messages';
import { likePattern, localize, paging } from './courses';
import { learningTotals, periodOf } from './learning-history';
import { ACTIVE, confirmedSql, firstStartSql, iso, prerequisitesOf, seatsHeld, seatsHeldSql, type OfflineCourseRow, type OfflineEnrolmentRow } from './offline-courses';
import { lockCourse, promoteWaiting } from './offline-enrolments';
import { notifyWithMessage } from './notification-messages';
import type { Caller } from './quizzes';

// The manager's pages (issue 14; SPEC §2 manager pages, §6 manager, §9 at most 10 per batch). A
// manager reads and decides the enrolments of their OWN downlines only (users.upline_id = the
// manager): another's answer 404, never data. Every seat decision is one transaction on the locked
// course row (ADR 031), the same lock the learner's enrol and cancel take.

/** Managers only (SPEC §6: a manager has a manager_id). */
export async function assertManager(db: Db, caller: Pick<Caller, 'userId'>): Promise<void> {
  const [me] = await db.select({ managerId: users.managerId }).from(users).where(eq(users.id, caller.userId));
  if (!me?.managerId) throw new HttpError(403, 'server:management_managers_only', {}, { code: API_ERROR_CODE.forbidden });
}


async function confirmedCount(tx: Db, courseId: number): Promise<number> {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(offlineEnrolments)
    .where(and(eq(offlineEnrolments.courseId, courseId), eq(offlineEnrolments.status, 'confirmed')));
  return n;
}

const selection = {
  e: offlineEnrolments,
  course: offlineCourses,
  userName: users.name,
  agentCode: users.externalId,
  seats: seatsHeldSql,
  confirmed: confirmedSql,
  start: firstStartSql,
};
interface Selected {
  e: OfflineEnrolmentRow;
  course: OfflineCourseRow;
  userName: string;
  agentCode: string;
  seats: number;
  confirmed: number;
  start: string | null;
}

function managedOf(r: Selected, lang: Language): ManagedEnrolment {
  return {
    id: String(r.e.id),
    user_id: String(r.e.userId),
    user_name: r.userName,
    agent_code: r.agentCode,
    course_id: String(r.course.id),
    course_title: localize(r.course.title, lang),
    starts_at: iso(r.start),
    status: r.e.status,
    source: r.e.source,
    requested_at: r.e.requestedAt.toISOString(),
    decided_at: iso(r.e.decidedAt),
    reason: r.e.status === 'rejected' ? r.e.decisionReason : null,
    remaining_quota: Math.max(0, r.course.quota - r.seats),
    blocked: r.e.status === 'pending' && r.confirmed >= r.course.quota ? translate(lang, 'server:management_no_seat_left') : null,
  };
}

/** The enrolments of the manager's downlines, joined as the lists show them. */
const downlineEnrolments = (db: Db, managerId: number, where?: SQL) =>
  db
    .select(selection)
    .from(offlineEnrolments)
    .innerJoin(users, eq(users.id, offlineEnrolments.userId))
    .innerJoin(offlineCourses, eq(offlineCourses.id, offlineEnrolments.courseId))
    .where(and(eq(users.uplineId, managerId), where));

async function oneManaged(db: Db, enrolmentId: number, caller: Caller): Promise<ManagedEnrolment> {
  const [row] = await downlineEnrolments(db, caller.userId, eq(offlineEnrolments.id, enrolmentId));
  if (!row) throw new HttpError(404, 'server:management_enrolment_not_found');
  return managedOf(row, caller.lang);
}

export async function listManagedEnrolments(db: Db, query: ManagedEnrolmentsQuery, caller: Caller): Promise<ManagedEnrolmentList> {
  await assertManager(db, caller);
  const filters: SQL[] = [eq(offlineEnrolments.status, query.list)];
  if (query.q) {
    const p = likePattern(query.q);
    filters.push(
      or(
        ilike(users.name, p),
        ilike(users.externalId, p),
        ...(['en', 'zh', 'cn'] as const).map((lang) => sql`(${offlineCourses.title} ->> ${lang}::text) ilike ${p}`),
      )!,
    );
  }
  const where = and(eq(users.uplineId, caller.userId), ...filters);
  const [{ total }] = await db
    .select({ total: count() })
    .from(offlineEnrolments)
    .innerJoin(users, eq(users.id, offlineEnrolments.userId))
    .innerJoin(offlineCourses, eq(offlineCourses.id, offlineEnrolments.courseId))
    .where(where);
  const { limit, offset } = paging(query.page, query.per_page);
  // Pending in request order (the order approve-all follows); decided ones newest decision first.
  const order = query.list === 'pending' ? [asc(offlineEnrolments.requestedAt), asc(offlineEnrolments.id)] : [desc(offlineEnrolments.decidedAt), desc(offlineEnrolments.id)];
  const rows = await downlineEnrolments(db, caller.userId, and(...filters))
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return { data: rows.map((r) => managedOf(r, caller.lang)), page: query.page, per_page: query.per_page, total };
}

type Decision = 'approved' | 'rejected' | 'assigned';

/** Tells the learner about a decision, in the reader's language (notification-messages.ts). */
async function notifyDecision(tx: Db, userId: number, decision: Decision, course: OfflineCourseRow, now: Date, reason?: string): Promise<void> {
  await notifyWithMessage(
    tx,
    userId,
    { titleKey: `server:management_${decision}_title`, bodyKey: `server:management_${decision}_body`, params: { courseName: course.title, ...(reason ? { reason } : {}) } },
    now,
    // Its own kind (issue 43), leading to the classroom course's page, where the enrolment is.
    { kind: 'enrolment_decision', offlineCourseId: course.id },
  );
}

/** The downline's enrolment (404 when it is not the caller's downline's) and its course locked. */
async function decide(db: Db, enrolmentId: number, caller: Caller, act: (tx: Db, e: OfflineEnrolmentRow, course: OfflineCourseRow) => Promise<void>): Promise<ManagedEnrolment> {
  await assertManager(db, caller);
  const [found] = await downlineEnrolments(db, caller.userId, eq(offlineEnrolments.id, enrolmentId));
  if (!found) throw new HttpError(404, 'server:management_enrolment_not_found');
  await db.transaction(async (tx) => {
    const course = await lockCourse(tx, found.course.id, caller.now);
    if (!course) throw new HttpError(404, 'server:management_enrolment_not_found');
    // Read again under the lock: the learner may have cancelled, another decision may have run.
    const [current] = await tx.select().from(offlineEnrolments).where(eq(offlineEnrolments.id, enrolmentId));
    if (current?.status !== 'pending') throw new HttpError(409, 'server:management_not_pending');
    await act(tx, current, course);
  });
  return oneManaged(db, enrolmentId, caller);
}

export function approveEnrolment(db: Db, enrolmentId: number, caller: Caller): Promise<ManagedEnrolment> {
  return decide(db, enrolmentId, caller, async (tx, e, course) => {
    // pending already holds its seat; only a lowered quota can leave none for it.
    if ((await confirmedCount(tx, course.id)) >= course.quota) {
      throw new HttpError(409, 'server:management_no_seat_left', {}, { code: OFFLINE_ERROR_CODE.offlineNoQuota });
    }
    await tx.update(offlineEnrolments).set({ status: 'confirmed', decidedBy: caller.userId, decidedAt: caller.now }).where(eq(offlineEnrolments.id, e.id));
    await notifyDecision(tx, e.userId, 'approved', course, caller.now);
  });
}

export function rejectEnrolment(db: Db, enrolmentId: number, reason: string, caller: Caller): Promise<ManagedEnrolment> {
  return decide(db, enrolmentId, caller, async (tx, e, course) => {
    await tx
      .update(offlineEnrolments)
      .set({ status: 'rejected', decidedBy: caller.userId, decidedAt: caller.now, decisionReason: reason })
      .where(eq(offlineEnrolments.id, e.id));
    await notifyDecision(tx, e.userId, 'rejected', course, caller.now, reason);
    // The freed seat goes to the first in the waiting list (ADR 031).
    await promoteWaiting(tx, course, caller.now);
  });
}

/**
 * Approves the pending enrolments of the caller's downlines (of one course, or all), in request order
 * up to the seats left: one transaction per course on its locked row; the rest stay pending with the reason.
 */
export async function approveAll(db: Db, payload: ApproveAllPayload, caller: Caller): Promise<ApproveAllResult> {
  await assertManager(db, caller);
  const rows = await downlineEnrolments(
    db,
    caller.userId,
    and(eq(offlineEnrolments.status, 'pending'), payload.course_id ? eq(offlineEnrolments.courseId, Number(payload.course_id)) : undefined),
  ).orderBy(asc(offlineEnrolments.requestedAt), asc(offlineEnrolments.id));
  const byCourse = new Map<number, number[]>();
  for (const r of rows) byCourse.set(r.course.id, [...(byCourse.get(r.course.id) ?? []), r.e.id]);
  const result: ApproveAllResult = { approved: [], left_pending: [] };
  for (const [courseId, ids] of byCourse) {
    await db.transaction(async (tx) => {
      const course = await lockCourse(tx, courseId, caller.now);
      if (!course) return;
      const still = await tx
        .select()
        .from(offlineEnrolments)
        .where(and(inArray(offlineEnrolments.id, ids), eq(offlineEnrolments.status, 'pending')))
        .orderBy(asc(offlineEnrolments.requestedAt), asc(offlineEnrolments.id));
      let confirmed = await confirmedCount(tx, course.id);
      for (const e of still) {
        if (confirmed >= course.quota) {
          result.left_pending.push({ id: String(e.id), reason: translate(caller.lang, 'server:management_no_seat_left') });
          continue;
        }
        await tx.update(offlineEnrolments).set({ status: 'confirmed', decidedBy: caller.userId, decidedAt: caller.now }).where(eq(offlineEnrolments.id, e.id));
        await notifyDecision(tx, e.userId, 'approved', course, caller.now);
        confirmed += 1;
        result.approved.push(String(e.id));
      }
    });
  }
  return result;
}

/** SPEC §5, §9: enrols up to 10 downlines (confirmed: the manager decides); the quota holds (all or nothing). */
export async function assignEnrolments(db: Db, payload: AssignPayload, caller: Caller): Promise<AssignResult> {
  await assertManager(db, caller);
  const userIds = [...new Set(payload.user_ids.map(Number))];
  const mine = await db
    .select({ id: users.id, code: users.externalId })
    .from(users)
    .where(and(inArray(users.id, userIds), eq(users.uplineId, caller.userId)));
  if (mine.length !== userIds.length) throw new HttpError(400, 'server:management_not_downline');
  const codeOf = new Map(mine.map((m) => [m.id, m.code]));
  const created = await db.transaction(async (tx) => {
    const course = await lockCourse(tx, Number(payload.course_id), caller.now);
    if (!course) throw new HttpError(404, 'server:offline_course_not_found');
    if (caller.now > course.enrolDeadline) throw new HttpError(403, 'server:offline_enrolment_closed', {}, { code: OFFLINE_ERROR_CODE.offlineEnrolmentClosed });
    const active = await tx
      .select({ userId: offlineEnrolments.userId })
      .from(offlineEnrolments)
      .where(and(eq(offlineEnrolments.courseId, course.id), inArray(offlineEnrolments.userId, userIds), inArray(offlineEnrolments.status, ACTIVE)));
    const enrolled = new Set(active.map((a) => a.userId));
    const fresh = userIds.filter((id) => !enrolled.has(id));
    // Issue 43, item 25: an assignment needs the prerequisites as an application does (SPEC §5), all or nothing.
    const lacking: string[] = [];
    for (const userId of fresh) {
      const unmet = (await prerequisitesOf(tx, course.id, userId, caller)).filter((g) => !g.met);
      if (unmet.length) lacking.push(`${codeOf.get(userId)} (${unmet.map((g) => g.courses.map((c) => c.title).join(' / ')).join(', ')})`);
    }
    if (lacking.length) {
      throw new HttpError(403, 'server:management_assign_prerequisite', { people: lacking.join('; ') }, { code: OFFLINE_ERROR_CODE.offlinePrerequisiteNotMet });
    }
    const left = course.quota - (await seatsHeld(tx, course.id));
    if (fresh.length > left) {
      throw new HttpError(409, 'server:management_assign_no_quota', { count: Math.max(0, left) }, { code: OFFLINE_ERROR_CODE.offlineNoQuota });
    }
    const ids: number[] = [];
    for (const userId of fresh) {
      const [row] = await tx
        .insert(offlineEnrolments)
        .values({ courseId: course.id, userId, status: 'confirmed', source: 'manager', requestedAt: caller.now, decidedBy: caller.userId, decidedAt: caller.now })
        .returning({ id: offlineEnrolments.id });
      await notifyDecision(tx, userId, 'assigned', course, caller.now);
      ids.push(row.id);
    }
    return { ids, already: [...enrolled].map(String) };
  });
  const assigned = created.ids.length ? (await downlineEnrolments(db, caller.userId, inArray(offlineEnrolments.id, created.ids))).map((r) => managedOf(r, caller.lang)) : [];
  return { assigned, already_enrolled: created.already };
}

export async function listAssignments(db: Db, query: PageQuery, caller: Caller): Promise<ManagedEnrolmentList> {
  await assertManager(db, caller);
  const where = and(eq(offlineEnrolments.source, 'manager'), eq(offlineEnrolments.decidedBy, caller.userId));
  const [{ total }] = await db.select({ total: count() }).from(offlineEnrolments).innerJoin(users, eq(users.id, offlineEnrolments.userId)).where(and(where, eq(users.uplineId, caller.userId)));
  const { limit, offset } = paging(query.page, query.per_page);
  const rows = await downlineEnrolments(db, caller.userId, where)
    .orderBy(desc(offlineEnrolments.requestedAt), desc(offlineEnrolments.id))
    .limit(limit)
    .offset(offset);
  return { data: rows.map((r) => managedOf(r, caller.lang)), page: query.page, per_page: query.per_page, total };
}

export async function listDownlines(db: Db, caller: Caller): Promise<DownlineList> {
  await assertManager(db, caller);
  const rows = await db
    .select({ id: users.id, name: users.name, code: users.externalId })
    .from(users)
    .where(eq(users.uplineId, caller.userId))
    .orderBy(asc(users.name), asc(users.id));
  return { data: rows.map((r) => ({ id: String(r.id), name: r.name, agent_code: r.code })) };
}

// The IA year and the report's totals are the learner's learning history's (one rule, ADR 060).
export { iaYearOf } from './learning-history';

export async function userReport(db: Db, query: ReportQuery, caller: Caller): Promise<Report> {
  await assertManager(db, caller);
  const period = periodOf(query, caller.now);
  const people = await db
    .select({ id: users.id, name: users.name, code: users.externalId })
    .from(users)
    .where(eq(users.uplineId, caller.userId))
    .orderBy(asc(users.name), asc(users.id));
  const totals = await learningTotals(db, people.map((p) => p.id), period, caller.now);
  const rows: ReportRow[] = people.map((p) => {
    const t = totals.get(p.id)!;
    return {
      user_id: String(p.id),
      name: p.name,
      agent_code: p.code,
      completed: t.completed,
      in_progress: t.inProgress,
      overdue: t.overdue,
      on_screen_hours: t.onScreenHours,
      cpd_ethics_hours: t.cpdEthicsHours,
      cpd_other_hours: t.cpdOtherHours,
    };
  });
  return { ...period, rows };
}

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break; a formula start is defused. */
export function csvField(value: string | number): string {
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function reportCsv(report: Report, lang: Language): string {
  const lines = [translate(lang, 'server:management_csv_header')];
  for (const r of report.rows) {
    lines.push([r.name, r.agent_code, r.completed, r.in_progress, r.overdue, r.on_screen_hours, r.cpd_ethics_hours, r.cpd_other_hours].map(csvField).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

