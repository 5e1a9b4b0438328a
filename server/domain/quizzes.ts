import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { ApiErrorCode } from '../../src/api/schemas/error.schema';
import { QUIZ_ERROR_CODE, type Attempt, type Question, type QuestionKind, type QuestionReview, type QuizAvailability, type QuizResult, type QuizSummary, type SavedAnswer } from '../../src/api/schemas/quizzes.schema';
import type { Language } from '../../src/config/constants';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import { preparedPerDatabase } from '../db/prepared';
import { courses, identityChecks, quizAnswers, quizAttemptQuestions, quizAttempts, quizExtraTime, quizQuestions, quizzes } from '../db/schema';
import { HttpError } from '../http/errors';
import { translate, type MessageKey } from '../i18n/messages';
import { buildAppConfig } from './app-config';
import { allItemsCompleted, localize, publishedCourse, refreshCompletion, type Tx } from './courses';
import { availabilityOf, deadlineOf, GRACE_MS, GRACE_SECONDS, isPastGrace, retakeAlert } from './quizzes-deadline';
import { PAUSE_CREDIT_CAP_MS, pauseCredit, pauseIsLive, pausesAllowed } from './quizzes-pause';
import { drawPaper, labelsOf, scoredOnPaper } from './quizzes-paper';
import { answerProblem, passes, scoreAttempt, TRUE_FALSE_OPTION_IDS } from './quizzes-scoring';

// Issue 13, ADR 025: quizzes and examinations. The server owns the attempt: its deadline (fixed at
// the start), which answers arrive in time, the score, and the finishing of an attempt the browser
// never came back to.

export type QuizRow = typeof quizzes.$inferSelect;
type AttemptRow = typeof quizAttempts.$inferSelect;
type QuestionRow = typeof quizQuestions.$inferSelect;

export interface Caller {
  userId: number;
  lang: Language;
  now: Date;
  config: ServerConfig;
}

/** SPEC §4 continual authentication: an exam starts only within this long after a passed identity check. */
export const EXAM_IDENTITY_CHECK_MAX_AGE_MS = 5 * 60_000;

const iso = (d: Date) => d.toISOString();

// ---------------------------------------------------------------------------------------------
// Finishing (lazily on every read, and by the periodic sweep)

/** The answers stored for an attempt, by question id. */
async function answersOf(tx: Tx, attemptId: number) {
  return tx.select().from(quizAnswers).where(eq(quizAnswers.attemptId, attemptId));
}

async function questionsOf(tx: Tx, quizId: number): Promise<QuestionRow[]> {
  return tx.select().from(quizQuestions).where(eq(quizQuestions.quizId, quizId)).orderBy(asc(quizQuestions.position), asc(quizQuestions.id));
}

/** A question of an attempt's paper (issue 43): its place there and the order of its options. */
interface PaperQuestion {
  question: QuestionRow;
  position: number;
  optionOrder: string[] | null;
}

/**
 * The paper the attempt was given (issue 43): its drawn questions in order. An attempt from
 * before papers were drawn has none: it is the quiz's first question of each place, as stored.
 */
async function paperOf(tx: Tx, attempt: Pick<AttemptRow, 'id' | 'quizId'>): Promise<PaperQuestion[]> {
  const drawn = await tx
    .select({ question: quizQuestions, position: quizAttemptQuestions.position, optionOrder: quizAttemptQuestions.optionOrder })
    .from(quizAttemptQuestions)
    .innerJoin(quizQuestions, eq(quizQuestions.id, quizAttemptQuestions.questionId))
    .where(eq(quizAttemptQuestions.attemptId, attempt.id))
    .orderBy(asc(quizAttemptQuestions.position));
  if (drawn.length > 0) return drawn;
  const places = new Map<number, QuestionRow>();
  for (const q of await questionsOf(tx, attempt.quizId)) if (!places.has(q.position)) places.set(q.position, q);
  return [...places.values()].map((question) => ({ question, position: question.position, optionOrder: null }));
}

/** The question as the paper asks it: option ids are the paper's labels (what answers name). */
const scoredQuestion = (p: PaperQuestion) => scoredOnPaper(p.question, p.optionOrder);

/**
 * Draws the new attempt's paper: for each place the variant the learner was given least lately,
 * and (a shuffling quiz) its options in a fresh order. In the attempt's own transaction, so the
 * attempt is never seen without its paper.
 */
async function drawInto(tx: Tx, attempt: AttemptRow): Promise<void> {
  const [quiz] = await tx.select({ shuffleOptions: quizzes.shuffleOptions }).from(quizzes).where(eq(quizzes.id, attempt.quizId));
  const pool = await questionsOf(tx, attempt.quizId);
  const seen = await tx
    .select({ questionId: quizAttemptQuestions.questionId, last: sql<number>`max(${quizAttemptQuestions.attemptId})`.mapWith(Number) })
    .from(quizAttemptQuestions)
    .innerJoin(quizAttempts, eq(quizAttempts.id, quizAttemptQuestions.attemptId))
    .where(and(eq(quizAttempts.quizId, attempt.quizId), eq(quizAttempts.userId, attempt.userId), sql`${quizAttempts.id} <> ${attempt.id}`))
    .groupBy(quizAttemptQuestions.questionId);
  const paper = drawPaper(pool, new Map(seen.map((r) => [r.questionId, r.last])), quiz.shuffleOptions);
  if (paper.length > 0) await tx.insert(quizAttemptQuestions).values(paper.map((d) => ({ attemptId: attempt.id, ...d })));
}

/**
 * Finishes the attempt (scored from the answers it holds) unless it is finished already: the row is
 * locked first, so a submit, a sweep and a late read racing each other finish it once. Passing may
 * complete the course (issue 13: the last quiz passed completes it when every item is done).
 */
async function finishAttempt(db: Db, attemptId: number, by: 'learner' | 'deadline', at: Date): Promise<AttemptRow> {
  return db.transaction(async (tx) => {
    const [attempt] = await tx.select().from(quizAttempts).where(eq(quizAttempts.id, attemptId)).for('update');
    if (attempt.finishedAt !== null) return attempt;
    const [quiz] = await tx.select().from(quizzes).where(eq(quizzes.id, attempt.quizId));
    const paper = await paperOf(tx, attempt);
    const answers = await answersOf(tx, attempt.id);
    const { score, fullMarks } = scoreAttempt(paper.map(scoredQuestion), new Map(answers.map((a) => [a.questionId, a.value])));
    const pass = passes(score, quiz.passMark);
    const [finished] = await tx
      .update(quizAttempts)
      .set({ finishedAt: at, finishedBy: by, score, fullMarks, pass })
      .where(and(eq(quizAttempts.id, attempt.id), isNull(quizAttempts.finishedAt)))
      .returning();
    if (pass) await refreshCompletion(tx, attempt.userId, quiz.courseId, at);
    return finished;
  });
}

/**
 * Finishes every open attempt whose deadline plus the grace has passed, at its deadline, with the
 * answers saved until then: the browser may never come back. `userId` limits it to one learner
 * (the lazy check on their reads); without it, everyone's (the periodic sweep). Answers the count.
 */
export async function finishOverdueAttempts(db: Db, now: Date, userId?: number): Promise<number> {
  const cutoffs = { graceCutoff: new Date(now.getTime() - GRACE_MS).toISOString(), pauseCutoff: new Date(now.getTime() - PAUSE_CREDIT_CAP_MS).toISOString() };
  const { overdueOfUser, overdueOfAll } = quizStatements(db);
  const overdue = userId === undefined ? await overdueOfAll.execute(cutoffs) : await overdueOfUser.execute({ ...cutoffs, userId });
  for (const a of overdue) await finishAttempt(db, a.id, 'deadline', a.deadlineAt!);
  return overdue.length;
}

/** Open attempts whose deadline plus the grace has passed; `userId` limits them to one learner. */
function overdueAttempts(db: Db, ofUser: boolean) {
  return db
    .select({ id: quizAttempts.id, deadlineAt: quizAttempts.deadlineAt })
    .from(quizAttempts)
    .where(
      and(
        isNull(quizAttempts.finishedAt),
        isNotNull(quizAttempts.deadlineAt),
        lt(quizAttempts.deadlineAt, sql.placeholder('graceCutoff')),
        // An identity prompt holds the clock (ADR 030) until it is resumed or its cap has passed.
        or(isNull(quizAttempts.pausedAt), lte(quizAttempts.pausedAt, sql.placeholder('pauseCutoff'))),
        ofUser ? eq(quizAttempts.userId, sql.placeholder('userId')) : undefined,
      ),
    );
}

/**
 * The reads every quiz request makes before anything else (the overdue sweep of the caller, the
 * caller's attempt, a question), prepared once per database (ADR 037).
 */
const quizStatements = preparedPerDatabase((db) => ({
  overdueOfUser: overdueAttempts(db, true).prepare('quiz_overdue_of_user'),
  overdueOfAll: overdueAttempts(db, false).prepare('quiz_overdue_of_all'),
  ownAttempt: db
    .select({ attempt: quizAttempts, quiz: quizzes })
    .from(quizAttempts)
    .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
    .where(and(eq(quizAttempts.id, sql.placeholder('attemptId')), eq(quizAttempts.userId, sql.placeholder('userId'))))
    .prepare('quiz_own_attempt'),
  paperQuestion: db
    .select({ question: quizQuestions, position: quizAttemptQuestions.position, optionOrder: quizAttemptQuestions.optionOrder })
    .from(quizAttemptQuestions)
    .innerJoin(quizQuestions, eq(quizQuestions.id, quizAttemptQuestions.questionId))
    .where(and(eq(quizAttemptQuestions.attemptId, sql.placeholder('attemptId')), eq(quizAttemptQuestions.questionId, sql.placeholder('questionId'))))
    .prepare('quiz_paper_question'),
}));

// ---------------------------------------------------------------------------------------------
// Reading quizzes

/** The quiz, if its course is published (unknown and unpublished look the same to a learner). */
export async function findQuiz(db: Tx, quizId: number, now: Date): Promise<QuizRow | undefined> {
  const [row] = await db
    .select({ quiz: quizzes })
    .from(quizzes)
    .innerJoin(courses, eq(courses.id, quizzes.courseId))
    .where(and(eq(quizzes.id, quizId), publishedCourse(now)));
  return row?.quiz;
}

const resultOf = (a: AttemptRow): QuizResult => ({
  attempt_id: String(a.id),
  score: a.score ?? 0,
  full_marks: a.fullMarks ?? 0,
  pass: Boolean(a.pass),
  started_at: iso(a.startedAt),
  completed_at: iso(a.finishedAt!),
  finished_by: a.finishedBy ?? 'learner',
});

/** The best finished attempt: highest score, then the earliest. */
function bestOf(finished: AttemptRow[]): AttemptRow | undefined {
  return [...finished].sort((a, b) => (b.score ?? 0) - (a.score ?? 0) || a.finishedAt!.getTime() - b.finishedAt!.getTime())[0];
}

async function extraMinutesOf(tx: Tx, quizId: number, userId: number): Promise<number> {
  const [row] = await tx
    .select({ minutes: quizExtraTime.minutes })
    .from(quizExtraTime)
    .where(and(eq(quizExtraTime.quizId, quizId), eq(quizExtraTime.userId, userId)));
  return row?.minutes ?? 0;
}

/** The quizzes' summaries for the caller (one query per table, whatever the number of quizzes). */
async function summariesOf(db: Tx, rows: QuizRow[], caller: Caller): Promise<QuizSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((q) => q.id);
  // Issue 43: a paper has one question per place (variants share a place), so it counts places.
  const places = await db
    .select({ quizId: quizQuestions.quizId, points: sql<number>`max(${quizQuestions.points})`.mapWith(Number) })
    .from(quizQuestions)
    .where(inArray(quizQuestions.quizId, ids))
    .groupBy(quizQuestions.quizId, quizQuestions.position);
  const questionStats = ids.map((quizId) => {
    const own = places.filter((p) => p.quizId === quizId);
    return { quizId, count: own.length, points: own.reduce((sum, p) => sum + p.points, 0) };
  });
  const attempts = await db
    .select()
    .from(quizAttempts)
    .where(and(inArray(quizAttempts.quizId, ids), eq(quizAttempts.userId, caller.userId)));
  const extras = await db
    .select()
    .from(quizExtraTime)
    .where(and(inArray(quizExtraTime.quizId, ids), eq(quizExtraTime.userId, caller.userId)));
  const itemsDone = new Map<number, boolean>();
  for (const courseId of new Set(rows.map((q) => q.courseId))) itemsDone.set(courseId, await allItemsCompleted(db, caller.userId, courseId));
  const continualAuth = caller.config.continualAuth.enabled;

  return rows.map((q) => {
    const mine = attempts.filter((a) => a.quizId === q.id);
    const finished = mine.filter((a) => a.finishedAt !== null);
    const open = mine.find((a) => a.finishedAt === null);
    const failed = finished.filter((a) => !a.pass).length;
    const stats = questionStats.find((s) => s.quizId === q.id);
    const best = bestOf(finished);
    const availability: QuizAvailability = availabilityOf({
      now: caller.now.getTime(),
      itemsCompleted: itemsDone.get(q.courseId) ?? false,
      closesAt: q.closesAt?.getTime() ?? null,
      passed: finished.some((a) => a.pass),
      attemptsUsed: mine.length,
      attemptsAllowed: q.attemptsAllowed,
      hasOpenAttempt: open !== undefined,
    });
    return {
      id: String(q.id),
      course_id: String(q.courseId),
      kind: q.kind,
      title: localize(q.title, caller.lang),
      description: localize(q.description, caller.lang),
      question_count: stats?.count ?? 0,
      pass_mark: q.passMark,
      full_marks: stats?.points ?? 0,
      time_limit_minutes: q.timeLimitMinutes,
      attempts_allowed: q.attemptsAllowed,
      closes_at: q.closesAt ? iso(q.closesAt) : null,
      extra_minutes: extras.find((e) => e.quizId === q.id)?.minutes ?? 0,
      identity_check_at_start: q.kind === 'exam' && continualAuth,
      availability,
      attempts_used: mine.length,
      failed_attempts: failed,
      retake_alert: retakeAlert(failed, q.retakeAlertAfter, finished.some((a) => a.pass)),
      open_attempt_id: open ? String(open.id) : null,
      best_result: best ? resultOf(best) : null,
    };
  });
}

export async function quizSummary(db: Db, quiz: QuizRow, caller: Caller): Promise<QuizSummary> {
  await finishOverdueAttempts(db, caller.now, caller.userId);
  return (await summariesOf(db, [quiz], caller))[0];
}

/** GET courses/{id}/quizzes: null when the course is unknown or not published. */
export async function listCourseQuizzes(db: Db, courseId: number, caller: Caller): Promise<QuizSummary[] | null> {
  const [course] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.id, courseId), publishedCourse(caller.now)));
  if (!course) return null;
  await finishOverdueAttempts(db, caller.now, caller.userId);
  const rows = await db.select().from(quizzes).where(eq(quizzes.courseId, courseId)).orderBy(asc(quizzes.position), asc(quizzes.id));
  return summariesOf(db, rows, caller);
}

/** GET quizzes/{id}/attempts: the caller's finished attempts, newest first. */
export async function listQuizRecords(db: Db, quiz: QuizRow, caller: Caller): Promise<QuizResult[]> {
  await finishOverdueAttempts(db, caller.now, caller.userId);
  const rows = await db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.quizId, quiz.id), eq(quizAttempts.userId, caller.userId), isNotNull(quizAttempts.finishedAt)))
    .orderBy(desc(quizAttempts.finishedAt), desc(quizAttempts.id));
  return rows.map(resultOf);
}

// ---------------------------------------------------------------------------------------------
// The attempt as the learner sees it

function questionView({ question: q, position, optionOrder }: PaperQuestion, lang: Language): Question {
  const texts = new Map(q.options.map((o) => [o.id, o.text]));
  const options =
    q.kind === 'true_false'
      ? TRUE_FALSE_OPTION_IDS.map((id) => ({ id, text: translate(lang, id === 'true' ? 'server:quiz_true' : 'server:quiz_false') }))
      : labelsOf([...texts.keys()], optionOrder).map(({ label, id }) => ({ id: label, text: localize(texts.get(id)!, lang) }));
  return {
    id: String(q.id),
    position,
    kind: q.kind,
    text: localize(q.text, lang),
    points: q.points,
    required: q.required,
    options,
    max_choices: q.kind === 'multiple' ? q.maxChoices : null,
  };
}

const savedAnswerOf = (a: typeof quizAnswers.$inferSelect): SavedAnswer => ({
  question_id: String(a.questionId),
  value: a.value,
  seq: a.seq,
  saved_at: iso(a.savedAt),
});

/**
 * Issue 43: the answer key (correct answers and explanations) is shown only once the learner can
 * take the quiz no more — passed, no attempt left, or closed — never between attempts, where the
 * next attempt could be answered from it.
 */
export const answerKeyShown = (availability: QuizAvailability): boolean => availability === 'submitted' || availability === 'no_attempts_left' || availability === 'closed';

/** The full attempt: questions, saved answers, and (finished) the result and, with the quiz-result flag on, the review. */
async function attemptView(db: Db, attempt: AttemptRow, quiz: QuizRow, caller: Caller): Promise<Attempt> {
  const [summary] = await summariesOf(db, [quiz], caller);
  const paper = await paperOf(db, attempt);
  const answers = await answersOf(db, attempt.id);
  const finished = attempt.finishedAt !== null;
  const paused = !finished && pauseIsLive(attempt.pausedAt?.getTime() ?? null, caller.now.getTime());
  let review: QuestionReview[] = [];
  // Correct answers and explanations never leave the server before the attempt is finished.
  if (finished && buildAppConfig(caller.config).appEnabledFunction.quizResult) {
    const scored = paper.map(scoredQuestion);
    const { perQuestion } = scoreAttempt(scored, new Map(answers.map((a) => [a.questionId, a.value])));
    const keyShown = answerKeyShown(summary.availability);
    review = paper.map(({ question: q }, i) => ({
      question_id: String(q.id),
      points_awarded: perQuestion.get(q.id)?.points ?? 0,
      correct: perQuestion.get(q.id)?.correct ?? false,
      correct_answer: keyShown ? scored[i].correctAnswer : [],
      explanation: keyShown ? localize(q.explanation, caller.lang) : '',
    }));
  }
  return {
    id: String(attempt.id),
    quiz: summary,
    status: finished ? 'finished' : 'open',
    started_at: iso(attempt.startedAt),
    deadline_at: attempt.deadlineAt ? iso(attempt.deadlineAt) : null,
    cut_by_closing_time: attempt.cutByClosingTime,
    grace_seconds: GRACE_SECONDS,
    server_now: iso(caller.now),
    // Issue 43: while an identity prompt holds the attempt its questions are not served: the time
    // the prompt gives back cannot be spent reading them.
    questions: paused ? [] : paper.map((q) => questionView(q, caller.lang)),
    paused,
    answers: answers.map(savedAnswerOf),
    result: finished ? resultOf(attempt) : null,
    review,
  };
}

/** The caller's own attempt (someone else's is as unknown as a missing one: 404), finished first when overdue. */
async function ownAttempt(db: Db, attemptId: number, caller: Caller): Promise<{ attempt: AttemptRow; quiz: QuizRow }> {
  await finishOverdueAttempts(db, caller.now, caller.userId);
  const [row] = await quizStatements(db).ownAttempt.execute({ attemptId, userId: caller.userId });
  if (!row) throw new HttpError(404, 'server:quiz_attempt_not_found');
  return row;
}

export async function getAttempt(db: Db, attemptId: number, caller: Caller): Promise<Attempt> {
  const { attempt, quiz } = await ownAttempt(db, attemptId, caller);
  return attemptView(db, attempt, quiz, caller);
}

// ---------------------------------------------------------------------------------------------
// Start

const refusals: Record<Exclude<QuizAvailability, 'available'>, { key: MessageKey; code: ApiErrorCode }> = {
  course_incomplete: { key: 'server:quiz_course_incomplete', code: QUIZ_ERROR_CODE.quizCourseIncomplete },
  closed: { key: 'server:quiz_closed', code: QUIZ_ERROR_CODE.quizClosed },
  submitted: { key: 'server:quiz_already_submitted', code: QUIZ_ERROR_CODE.quizSubmitted },
  no_attempts_left: { key: 'server:quiz_no_attempts_left', code: QUIZ_ERROR_CODE.quizNoAttemptsLeft },
};

/** The latest identity check in the last few minutes was passed (SPEC §4 continual authentication). */
async function identityRecentlyChecked(db: Db, userId: number, now: Date): Promise<boolean> {
  const [latest] = await db
    .select({ outcome: identityChecks.outcome })
    .from(identityChecks)
    .where(and(eq(identityChecks.userId, userId), gte(identityChecks.createdAt, new Date(now.getTime() - EXAM_IDENTITY_CHECK_MAX_AGE_MS))))
    .orderBy(desc(identityChecks.createdAt), desc(identityChecks.id))
    .limit(1);
  return latest?.outcome === 'success';
}

async function openAttemptOf(db: Tx, quizId: number, userId: number): Promise<AttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.quizId, quizId), eq(quizAttempts.userId, userId), isNull(quizAttempts.finishedAt)));
  return row;
}

/**
 * POST quizzes/{id}/attempts: the open attempt if there is one (a double click or a second tab gets
 * the same), else a new one with its deadline fixed now. The partial unique index on open attempts
 * decides between concurrent starts: the loser's insert does nothing and it answers the winner's.
 */
export async function startAttempt(db: Db, quiz: QuizRow, caller: Caller): Promise<Attempt> {
  const { userId, now } = caller;
  await finishOverdueAttempts(db, now, userId);
  const open = await openAttemptOf(db, quiz.id, userId);
  if (open) return attemptView(db, open, quiz, caller);

  const [summary] = await summariesOf(db, [quiz], caller);
  if (summary.availability !== 'available') {
    const refusal = refusals[summary.availability];
    throw new HttpError(403, refusal.key, {}, { code: refusal.code });
  }
  if (summary.identity_check_at_start && !(await identityRecentlyChecked(db, userId, now))) {
    throw new HttpError(403, 'server:quiz_identity_check_required', {}, { code: QUIZ_ERROR_CODE.identityCheckRequired });
  }
  const { deadline, cut } = deadlineOf({
    startedAt: now.getTime(),
    timeLimitMinutes: quiz.timeLimitMinutes,
    extraMinutes: await extraMinutesOf(db, quiz.id, userId),
    closesAt: quiz.closesAt?.getTime() ?? null,
  });
  const attempt = await insertOpenAttempt(db, { quizId: quiz.id, userId, startedAt: now, deadlineAt: deadline === null ? null : new Date(deadline), cutByClosingTime: cut });
  return attemptView(db, attempt, quiz, caller);
}

/**
 * Inserts the open attempt, or (a concurrent start won: the partial unique index refused this one)
 * answers the open attempt that is there. Never two open attempts, never an error.
 */
export async function insertOpenAttempt(db: Db, values: typeof quizAttempts.$inferInsert): Promise<AttemptRow> {
  const created = await db.transaction(async (tx) => {
    const [row] = await tx.insert(quizAttempts).values(values).onConflictDoNothing().returning();
    if (row) await drawInto(tx, row);
    return row;
  });
  const attempt = created ?? (await openAttemptOf(db, values.quizId, values.userId));
  if (!attempt) throw new Error('insertOpenAttempt: neither inserted nor found an open attempt');
  return attempt;
}

// ---------------------------------------------------------------------------------------------
// Answers and submission

/** Why a finished (or overdue) attempt takes nothing more; an answer to a multiple-choice question
 * of a submitted attempt has its own message (SPEC §8, ADR 025). */
function closedAttemptError(attempt: AttemptRow, questionKind?: QuestionKind): HttpError {
  if (attempt.finishedBy === 'deadline') return new HttpError(403, 'server:quiz_time_up', {}, { code: QUIZ_ERROR_CODE.quizTimeUp });
  if (questionKind === 'multiple') return new HttpError(403, 'server:quiz_multiple_choice_submitted', {}, { code: QUIZ_ERROR_CODE.quizMultipleChoiceSubmitted });
  return new HttpError(403, 'server:quiz_submitted', {}, { code: QUIZ_ERROR_CODE.quizSubmitted });
}

/**
 * PUT quiz_attempts/{id}/answers/{questionId}: keeps the value with the highest seq, atomically (the
 * upsert only overwrites a lower seq); a stale or repeated seq answers what is stored.
 */
export async function saveAnswer(db: Db, attemptId: number, questionId: number, payload: { value: string[] | string; seq: number }, caller: Caller): Promise<SavedAnswer> {
  const { attempt } = await ownAttempt(db, attemptId, caller);
  // Issue 43: only a question of this attempt's own paper, as that paper asks it (one prepared read;
  // the whole paper only when it is not there: an attempt from before papers, or not its question).
  const [drawn] = await quizStatements(db).paperQuestion.execute({ attemptId: attempt.id, questionId });
  const onPaper = drawn ?? (await paperOf(db, attempt)).find((p) => p.question.id === questionId);
  const question = onPaper?.question;
  if (attempt.finishedAt !== null) throw closedAttemptError(attempt, question?.kind);
  // The prompt was passed but the resume has not arrived (lost on the way): the evidence ends the pause.
  if (pauseIsLive(attempt.pausedAt?.getTime() ?? null, caller.now.getTime())) await endPause(db, attempt.id, caller.userId, caller.now, true);
  if (!onPaper || !question) throw new HttpError(404, 'server:quiz_question_not_found');
  const problem = answerProblem(scoredQuestion(onPaper), payload.value);
  if (problem) throw new HttpError(400, problem);

  type Outcome = { kind: 'closed'; attempt: AttemptRow } | { kind: 'overdue'; attempt: AttemptRow } | { kind: 'paused' } | { kind: 'saved'; answer: typeof quizAnswers.$inferSelect };
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    // A submit holds this row (FOR UPDATE) while it scores: the save waits and then sees it finished.
    const [current] = await tx.select().from(quizAttempts).where(eq(quizAttempts.id, attempt.id)).for('share');
    if (current.finishedAt !== null) return { kind: 'closed', attempt: current };
    if (pauseIsLive(current.pausedAt?.getTime() ?? null, caller.now.getTime())) return { kind: 'paused' };
    if (isPastGrace(current.deadlineAt?.getTime() ?? null, caller.now.getTime())) return { kind: 'overdue', attempt: current };
    const [written] = await tx
      .insert(quizAnswers)
      .values({ attemptId: attempt.id, questionId, value: payload.value, seq: payload.seq, savedAt: caller.now })
      .onConflictDoUpdate({
        target: [quizAnswers.attemptId, quizAnswers.questionId],
        set: { value: sql`excluded.value`, seq: sql`excluded.seq`, savedAt: sql`excluded.saved_at` },
        setWhere: sql`excluded.seq > ${quizAnswers.seq}`,
      })
      .returning();
    if (written) return { kind: 'saved', answer: written };
    const [stored] = await tx
      .select()
      .from(quizAnswers)
      .where(and(eq(quizAnswers.attemptId, attempt.id), eq(quizAnswers.questionId, questionId)));
    return { kind: 'saved', answer: stored };
  });
  if (outcome.kind === 'closed') throw closedAttemptError(outcome.attempt, question.kind);
  if (outcome.kind === 'paused') throw new HttpError(409, 'server:quiz_paused', {}, { code: QUIZ_ERROR_CODE.quizPaused });
  if (outcome.kind === 'overdue') {
    await finishAttempt(db, outcome.attempt.id, 'deadline', outcome.attempt.deadlineAt!);
    throw new HttpError(403, 'server:quiz_time_up', {}, { code: QUIZ_ERROR_CODE.quizTimeUp });
  }
  return savedAnswerOf(outcome.answer);
}

/**
 * POST quiz_attempts/{id}/submit: scores on the server; a repeat answers the same result. Past the
 * deadline plus the grace the attempt is the deadline's (finished at the deadline with the answers
 * saved until then), not the learner's.
 */
export async function submitAttempt(db: Db, attemptId: number, caller: Caller): Promise<QuizResult> {
  const { attempt } = await ownAttempt(db, attemptId, caller);
  if (attempt.finishedAt !== null) return resultOf(attempt);
  const finished = isPastGrace(attempt.deadlineAt?.getTime() ?? null, caller.now.getTime())
    ? await finishAttempt(db, attempt.id, 'deadline', attempt.deadlineAt!)
    : await finishAttempt(db, attempt.id, 'learner', caller.now);
  return resultOf(finished);
}

// ---------------------------------------------------------------------------------------------
// Identity prompts during a timed attempt (ADR 030)

const pauseRefused = () => new HttpError(409, 'server:quiz_pause_refused', {}, { code: QUIZ_ERROR_CODE.quizPauseRefused });

/**
 * POST quiz_attempts/{id}/pause: an identity prompt opened. The pause starts on the server's clock;
 * answers wait and the deadline does not finish the attempt until the resume (or the cap). Only a
 * timed, open attempt before its deadline, with continual authentication on, and no more often
 * than prompts can come; a repeat while paused changes nothing.
 */
export async function pauseAttempt(db: Db, attemptId: number, caller: Caller): Promise<Attempt> {
  const { attempt, quiz } = await ownAttempt(db, attemptId, caller);
  if (attempt.finishedAt !== null) throw closedAttemptError(attempt);
  const now = caller.now.getTime();
  const { continualAuth } = caller.config;
  const paused = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(quizAttempts).where(eq(quizAttempts.id, attempt.id)).for('update');
    if (current.finishedAt !== null) throw closedAttemptError(current);
    if (pauseIsLive(current.pausedAt?.getTime() ?? null, now)) return current;
    const deadline = current.deadlineAt?.getTime() ?? null;
    if (!continualAuth.enabled || deadline === null || now >= deadline) throw pauseRefused();
    if (current.pauses >= pausesAllowed(current.startedAt.getTime(), now, continualAuth.min * continualAuth.unitSeconds * 1000)) throw pauseRefused();
    const [row] = await tx
      .update(quizAttempts)
      .set({ pausedAt: caller.now, pauses: sql`${quizAttempts.pauses} + 1` })
      .where(eq(quizAttempts.id, current.id))
      .returning();
    return row;
  });
  return attemptView(db, paused, quiz, caller);
}

/** The first identity check the learner passed at or after the pause's start (the evidence, ADR 030). */
async function firstPassedCheckSince(tx: Tx, userId: number, since: Date, until: Date): Promise<Date | null> {
  const [row] = await tx
    .select({ at: identityChecks.createdAt })
    .from(identityChecks)
    .where(and(eq(identityChecks.userId, userId), eq(identityChecks.outcome, 'success'), gte(identityChecks.createdAt, since), lte(identityChecks.createdAt, until)))
    .orderBy(asc(identityChecks.createdAt))
    .limit(1);
  return row?.at ?? null;
}

/**
 * Ends the attempt's pause: the deadline moves on by the time from the pause to the identity check
 * passed after it (at most the cap; nothing without one). `evidenceOnly`: end it only when there is
 * such a check (a save that arrives after the prompt was passed but before the resume).
 */
async function endPause(db: Db, attemptId: number, userId: number, now: Date, evidenceOnly: boolean): Promise<AttemptRow> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(quizAttempts).where(eq(quizAttempts.id, attemptId)).for('update');
    if (current.finishedAt !== null || current.pausedAt === null) return current;
    const passedAt = await firstPassedCheckSince(tx, userId, current.pausedAt, now);
    if (evidenceOnly && passedAt === null) return current;
    const credit = pauseCredit(current.pausedAt.getTime(), passedAt?.getTime() ?? null);
    const [row] = await tx
      .update(quizAttempts)
      .set({
        pausedAt: null,
        pauseCreditMs: current.pauseCreditMs + credit,
        deadlineAt: current.deadlineAt === null ? null : new Date(current.deadlineAt.getTime() + credit),
      })
      .where(eq(quizAttempts.id, current.id))
      .returning();
    return row;
  });
}

/** POST quiz_attempts/{id}/resume: the prompt closed; answers are taken again. A repeat changes nothing. */
export async function resumeAttempt(db: Db, attemptId: number, caller: Caller): Promise<Attempt> {
  const { attempt, quiz } = await ownAttempt(db, attemptId, caller);
  return attemptView(db, await endPause(db, attempt.id, caller.userId, caller.now, false), quiz, caller);
}

/** The periodic sweep's interval: an attempt left open is finished within this long after its grace. */
export const QUIZ_SWEEP_INTERVAL_MS = 15_000;
