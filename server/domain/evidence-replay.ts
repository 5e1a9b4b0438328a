import { and, eq, gte, inArray, isNotNull, lt, or, type SQL } from 'drizzle-orm';
import { API_ERROR_CODE } from '../../src/api/schemas/error.schema';
import { REPLAY_TRANSITIONS, type EvidenceReplay, type EvidenceReplayQuery, type ReplayStep, type ReplayStepKind } from '../../src/api/schemas/evidence-replay.schema';
import type { Language } from '../../src/config/constants';
import type { Db } from '../db/client';
import {
  attachments,
  courseItems,
  courses,
  creditedSpans,
  identityChecks,
  offlineAttendance,
  offlineCourses,
  offlineEnrolments,
  offlineSessions,
  onScreenLogs,
  quizAnswers,
  quizAttempts,
  quizzes,
  users,
  viewings,
  type LocalizedText,
  type UserRole,
} from '../db/schema';
import { HttpError } from '../http/errors';
import { localize } from './courses';

// Issue 46 ("Beyond"), ADR 097: a learner's evidence as the transitions the server recorded, each
// mapped (REPLAY_TRANSITIONS) to the client machine state it stands for. Only what the server stores
// is read; nothing comes from the browser. What is not stored (when a prompt opened, a cancelled
// prompt, why seconds were trimmed) is not invented: the ADR lists it.

const DAY_MS = 86_400_000;
/** Hong Kong is UTC+8 all year (no daylight saving). */
const HK_OFFSET = '+08:00';

export function assertReplayAuditor(role: UserRole): void {
  if (role !== 'auditor') throw new HttpError(403, 'server:evidence_replay_auditors_only', {}, { code: API_ERROR_CODE.forbidden });
}

/** The server time stretch of a Hong Kong calendar day: [00:00, 24:00) at UTC+8. */
export function hkDayWindow(day: string): { from: Date; to: Date } {
  const from = new Date(`${day}T00:00:00${HK_OFFSET}`);
  return { from, to: new Date(from.getTime() + DAY_MS) };
}

type Figures = ReplayStep['detail']['figures'];

function step(kind: ReplayStepKind, at: Date, subject: string | null, figures: Figures = {}): ReplayStep {
  const t = REPLAY_TRANSITIONS[kind];
  return { at: at.toISOString(), machine: t.machine, from_state: t.from, event: t.event, to_state: t.to, detail: { kind, subject, figures } };
}

type Scope = { kind: 'day'; from: Date; to: Date } | { kind: 'course'; courseId: number } | { kind: 'offline'; offlineCourseId: number };

const within = (column: Parameters<typeof gte>[0], scope: Scope & { kind: 'day' }) => and(gte(column, scope.from), lt(column, scope.to));

/** Viewings opened, and each record's credited (or trimmed) seconds at the time the server stored it. */
async function lessonSteps(db: Db, userId: number, scope: Scope, lang: Language): Promise<ReplayStep[]> {
  if (scope.kind === 'offline') return [];
  const subject = { item: courseItems.title, attachment: attachments.name };
  const viewed = await db
    .select({ at: viewings.startedAt, ...subject })
    .from(viewings)
    .leftJoin(courseItems, eq(courseItems.id, viewings.itemId))
    .leftJoin(attachments, eq(attachments.id, viewings.attachmentId))
    .where(and(eq(viewings.userId, userId), scope.kind === 'day' ? within(viewings.startedAt, scope) : eq(viewings.courseId, scope.courseId)));
  const logs = await db
    .select({ id: onScreenLogs.id, at: onScreenLogs.createdAt, credited: onScreenLogs.duration, claimed: onScreenLogs.claimedDuration, ...subject })
    .from(onScreenLogs)
    .leftJoin(courseItems, eq(courseItems.id, onScreenLogs.itemId))
    .leftJoin(attachments, eq(attachments.id, onScreenLogs.attachmentId))
    .where(and(eq(onScreenLogs.userId, userId), scope.kind === 'day' ? within(onScreenLogs.createdAt, scope) : eq(onScreenLogs.courseId, scope.courseId)));
  // Which identity verification covered each record's credited seconds (a passed check, or the sign-in).
  const covers = logs.length
    ? await db
        .select({ logId: creditedSpans.onScreenLogId, checkId: creditedSpans.identityCheckId })
        .from(creditedSpans)
        .where(inArray(
          creditedSpans.onScreenLogId,
          logs.map((l) => l.id),
        ))
    : [];
  const title = (r: { item: LocalizedText | null; attachment: string | null }) => (r.item ? localize(r.item, lang) : r.attachment);
  return [
    ...viewed.map((v) => step('viewing_opened', v.at, title(v))),
    ...logs.map((l) => {
      const claimed = l.claimed ?? l.credited;
      const byCheck = covers.some((c) => c.logId === l.id && c.checkId !== null);
      const figures = { claimed_seconds: claimed, credited_seconds: l.credited, covered_by: byCheck ? 'identity_check' : 'sign_in' };
      return step(l.credited < claimed ? 'time_trimmed' : 'time_credited', l.at, title(l), figures);
    }),
  ];
}

/** Each answered identity check (passed or failed), of the day or asked from the course's pages. */
async function identitySteps(db: Db, userId: number, scope: Scope): Promise<ReplayStep[]> {
  if (scope.kind === 'offline') return [];
  // A course's checks: those taken on its pages, and those that covered its credited seconds.
  const ofCourse = (courseId: number): SQL | undefined =>
    or(
      eq(identityChecks.courseId, String(courseId)),
      inArray(
        identityChecks.id,
        db
          .select({ id: creditedSpans.identityCheckId })
          .from(creditedSpans)
          .innerJoin(onScreenLogs, eq(onScreenLogs.id, creditedSpans.onScreenLogId))
          .where(and(eq(creditedSpans.userId, userId), eq(onScreenLogs.courseId, courseId), isNotNull(creditedSpans.identityCheckId))),
      ),
    );
  const checks = await db
    .select({ at: identityChecks.createdAt, type: identityChecks.type, outcome: identityChecks.outcome })
    .from(identityChecks)
    .where(and(eq(identityChecks.userId, userId), scope.kind === 'day' ? within(identityChecks.createdAt, scope) : ofCourse(scope.courseId)));
  return checks.map((c) => step(c.outcome === 'success' ? 'identity_passed' : 'identity_failed', c.at, null, { check_type: c.type }));
}

/** Attempts started, each answer's last save, the finish (submitted or timed out) and its result. */
async function quizSteps(db: Db, userId: number, scope: Scope, lang: Language): Promise<ReplayStep[]> {
  if (scope.kind === 'offline') return [];
  const attempts = await db
    .select({ a: quizAttempts, title: quizzes.title })
    .from(quizAttempts)
    .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
    .where(
      and(
        eq(quizAttempts.userId, userId),
        scope.kind === 'day' ? or(within(quizAttempts.startedAt, scope), within(quizAttempts.finishedAt, scope)) : eq(quizzes.courseId, scope.courseId),
      ),
    );
  if (attempts.length === 0) return [];
  const answers = await db
    .select({ attemptId: quizAnswers.attemptId, at: quizAnswers.savedAt })
    .from(quizAnswers)
    .where(
      inArray(
        quizAnswers.attemptId,
        attempts.map((r) => r.a.id),
      ),
    );
  const inScope = (at: Date) => scope.kind !== 'day' || (at >= scope.from && at < scope.to);
  const out: ReplayStep[] = [];
  for (const { a, title } of attempts) {
    const subject = localize(title, lang);
    if (inScope(a.startedAt)) out.push(step('quiz_started', a.startedAt, subject));
    for (const ans of answers) if (ans.attemptId === a.id && inScope(ans.at)) out.push(step('quiz_answered', ans.at, subject));
    if (a.finishedAt && inScope(a.finishedAt)) {
      out.push(step(a.finishedBy === 'deadline' ? 'quiz_timed_out' : 'quiz_submitted', a.finishedAt, subject));
      if (a.pass !== null) out.push(step(a.pass ? 'quiz_passed' : 'quiz_failed', a.finishedAt, subject, a.score === null ? {} : { score: a.score, full_marks: a.fullMarks ?? 0 }));
    }
  }
  return out;
}

/** Classroom enrolments (asked, decided, cancelled) and each session's check-in and check-out. */
async function enrolmentSteps(db: Db, userId: number, scope: Scope, lang: Language): Promise<ReplayStep[]> {
  if (scope.kind === 'course') return [];
  const enrolments = await db
    .select({ e: offlineEnrolments, title: offlineCourses.title })
    .from(offlineEnrolments)
    .innerJoin(offlineCourses, eq(offlineCourses.id, offlineEnrolments.courseId))
    .where(and(eq(offlineEnrolments.userId, userId), scope.kind === 'offline' ? eq(offlineEnrolments.courseId, scope.offlineCourseId) : undefined));
  const attendance = await db
    .select({ a: offlineAttendance, title: offlineSessions.title })
    .from(offlineAttendance)
    .innerJoin(offlineSessions, eq(offlineSessions.id, offlineAttendance.sessionId))
    .where(and(eq(offlineAttendance.userId, userId), scope.kind === 'offline' ? eq(offlineSessions.courseId, scope.offlineCourseId) : undefined));
  const out: ReplayStep[] = [];
  for (const { e, title } of enrolments) {
    const subject = localize(title, lang);
    out.push(step('enrolment_requested', e.requestedAt, subject, { source: e.source }));
    if (e.decidedAt && e.status !== 'cancelled') out.push(step(e.status === 'rejected' ? 'enrolment_rejected' : 'enrolment_approved', e.decidedAt, subject));
    if (e.cancelledAt) out.push(step('enrolment_cancelled', e.cancelledAt, subject));
  }
  for (const { a, title } of attendance) {
    const subject = localize(title, lang);
    out.push(step('checked_in', a.checkedInAt, subject));
    if (a.checkedOutAt) out.push(step('checked_out', a.checkedOutAt, subject));
  }
  return scope.kind === 'day' ? out.filter((s) => s.at >= scope.from.toISOString() && s.at < scope.to.toISOString()) : out;
}

// Records of one instant keep the order a learner's page goes through them.
const KIND_ORDER = new Map(Object.keys(REPLAY_TRANSITIONS).map((k, i) => [k, i]));
const byTime = (a: ReplayStep, b: ReplayStep) => a.at.localeCompare(b.at) || KIND_ORDER.get(a.detail.kind)! - KIND_ORDER.get(b.detail.kind)!;

/** What the query asks for; a course that does not exist is a 400 (the auditor typed a wrong id). */
async function scopeOf(db: Db, query: EvidenceReplayQuery, lang: Language): Promise<{ scope: Scope; head: EvidenceReplay['scope'] }> {
  const none = { day: null, course_id: null, offline_course_id: null, title: null };
  if (query.day !== undefined) return { scope: { kind: 'day', ...hkDayWindow(query.day) }, head: { ...none, day: query.day } };
  if (query.course_id !== undefined) {
    const [c] = await db.select({ title: courses.title }).from(courses).where(eq(courses.id, Number(query.course_id)));
    if (!c) throw new HttpError(400, 'server:evidence_replay_course_unknown');
    return { scope: { kind: 'course', courseId: Number(query.course_id) }, head: { ...none, course_id: query.course_id, title: localize(c.title, lang) } };
  }
  const id = Number(query.offline_course_id);
  const [c] = await db.select({ title: offlineCourses.title }).from(offlineCourses).where(eq(offlineCourses.id, id));
  if (!c) throw new HttpError(400, 'server:evidence_replay_course_unknown');
  return { scope: { kind: 'offline', offlineCourseId: id }, head: { ...none, offline_course_id: String(id), title: localize(c.title, lang) } };
}

/** The learner's replay (the caller is an auditor: checked by the route first); 404 for an unknown learner. */
export async function evidenceReplay(db: Db, userId: number, query: EvidenceReplayQuery, lang: Language): Promise<EvidenceReplay> {
  const [who] = await db.select({ name: users.name, code: users.externalId }).from(users).where(eq(users.id, userId));
  if (!who) throw new HttpError(404, 'server:user_not_found');
  const { scope, head } = await scopeOf(db, query, lang);
  const parts = await Promise.all([lessonSteps(db, userId, scope, lang), identitySteps(db, userId, scope), quizSteps(db, userId, scope, lang), enrolmentSteps(db, userId, scope, lang)]);
  return { user: { id: String(userId), name: who.name, agent_code: who.code }, scope: head, steps: parts.flat().sort(byTime) };
}
