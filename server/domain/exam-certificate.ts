import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import { certificateNumber, type ExamCertificate, type ExamCertificateList, type ExamCertificateSummary, type ExamCertificatesQuery } from '../../src/api/schemas/exam-certificate.schema';
import { QUIZ_ERROR_CODE } from '../../src/api/schemas/quizzes.schema';
import type { Db } from '../db/client';
import type { Language } from '../../src/config/constants';
import { courses, quizAttempts, quizzes, users } from '../db/schema';
import { HttpError } from '../http/errors';
import type { MessageKey } from '../i18n/messages';
import { localize } from './courses';
import { finishOverdueAttempts, type Caller } from './quizzes';

// SPEC §3 "certificate" (ADR 025): the certificate of the caller's own passed examination attempt.
// Read only: everything on it comes from the attempt the server scored.

const refused = (key: MessageKey) => new HttpError(409, key, {}, { code: QUIZ_ERROR_CODE.certificateUnavailable });

/**
 * GET quiz_attempts/{id}/certificate. Another learner's attempt is as unknown as a missing one (404);
 * an attempt not finished, not passed, or of a quiz that is not an examination has none (409).
 * An attempt left open past its deadline is finished first, like every other read.
 */
export async function examCertificate(db: Db, attemptId: number, caller: Caller): Promise<ExamCertificate> {
  await finishOverdueAttempts(db, caller.now, caller.userId);
  const [row] = await db
    .select({ attempt: quizAttempts, quiz: quizzes, course: courses, user: { name: users.name, externalId: users.externalId } })
    .from(quizAttempts)
    .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
    .innerJoin(courses, eq(courses.id, quizzes.courseId))
    .innerJoin(users, eq(users.id, quizAttempts.userId))
    .where(and(eq(quizAttempts.id, attemptId), eq(quizAttempts.userId, caller.userId)));
  if (!row) throw new HttpError(404, 'server:quiz_attempt_not_found');
  const { attempt, quiz, course, user } = row;
  if (quiz.kind !== 'exam') throw refused('server:certificate_not_exam');
  if (attempt.finishedAt === null) throw refused('server:certificate_not_finished');
  if (!attempt.pass) throw refused('server:certificate_not_passed');
  return { ...summaryOf({ attempt: { ...attempt, finishedAt: attempt.finishedAt }, quiz, course }, caller.lang), learner_name: user.name, agent_code: user.externalId, pass_mark: quiz.passMark };
}

type FinishedAttempt = { id: number; finishedAt: Date; score: number | null; fullMarks: number | null };
type Titled = { id: number; title: Parameters<typeof localize>[0] };

/** What names a certificate (the list's line, and the start of its page). */
function summaryOf({ attempt, quiz, course }: { attempt: FinishedAttempt; quiz: Titled; course: Titled & { cpdHours: number } }, lang: Language): ExamCertificateSummary {
  return {
    certificate_number: certificateNumber(attempt.id, attempt.finishedAt),
    attempt_id: String(attempt.id),
    quiz_id: String(quiz.id),
    course_id: String(course.id),
    course_title: localize(course.title, lang),
    exam_title: localize(quiz.title, lang),
    score: attempt.score ?? 0,
    full_marks: attempt.fullMarks ?? 0,
    completed_at: attempt.finishedAt.toISOString(),
    cpd_hours: course.cpdHours > 0 ? course.cpdHours : null,
  };
}

/**
 * GET certificates: every passed, finished examination attempt of the caller, newest first, paged
 * by the database (the profile page, ADR 060). The same rule as one certificate's: an exam, finished,
 * passed, the caller's own.
 */
export async function listExamCertificates(db: Db, query: ExamCertificatesQuery, caller: Caller): Promise<ExamCertificateList> {
  await finishOverdueAttempts(db, caller.now, caller.userId);
  const where = and(eq(quizAttempts.userId, caller.userId), eq(quizzes.kind, 'exam'), isNotNull(quizAttempts.finishedAt), eq(quizAttempts.pass, true));
  const [{ total }] = await db.select({ total: count() }).from(quizAttempts).innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId)).where(where);
  const rows = await db
    .select({ attempt: quizAttempts, quiz: { id: quizzes.id, title: quizzes.title }, course: { id: courses.id, title: courses.title, cpdHours: courses.cpdHours } })
    .from(quizAttempts)
    .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
    .innerJoin(courses, eq(courses.id, quizzes.courseId))
    .where(where)
    .orderBy(desc(quizAttempts.finishedAt), desc(quizAttempts.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return {
    // finished_at is not null: the query's own condition.
    data: rows.map(({ attempt, quiz, course }) => summaryOf({ attempt: { ...attempt, finishedAt: attempt.finishedAt! }, quiz, course }, caller.lang)),
    page: query.page,
    per_page: query.per_page,
    total,
  };
}
