import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { MockAttempt, MockExamStats, MockMode, MockPaper, MockRecord, MockReveal, MockTopicProgress, SavedMockAnswer } from '../../src/api/schemas/mock-exams.schema';
import { QUIZ_ERROR_CODE, type QuestionReview, type QuizResult, type SavedAnswer } from '../../src/api/schemas/quizzes.schema';
import type { Language } from '../../src/config/constants';
import type { Db } from '../db/client';
import { mockAnswers, mockAttempts, mockBankQuestions, mockPaperQuestions, mockPapers, mockTopics } from '../db/schema';
import { HttpError } from '../http/errors';
import { translate } from '../i18n/messages';
import { buildAppConfig } from './app-config';
import { localize, type Tx } from './courses';
import type { Caller } from './quizzes';
import { deadlineOf, GRACE_MS, GRACE_SECONDS, isPastGrace } from './quizzes-deadline';
import { answerProblem, scoreAnswer, scoreAttempt, TRUE_FALSE_OPTION_IDS, type ScoredQuestion } from './quizzes-scoring';

// Issue 13 "Mock exams", ADR 028: papers drawn from a question bank; practice (untimed, a question's
// answer revealed once its answer is saved) and exam (timed, the quiz engine's rules of ADR 025:
// deadline fixed at the start, highest seq wins, grace, finished at the deadline when left open).

type PaperRow = typeof mockPapers.$inferSelect;
type AttemptRow = typeof mockAttempts.$inferSelect;
type BankRow = typeof mockBankQuestions.$inferSelect;
type AnswerRow = typeof mockAnswers.$inferSelect;

const iso = (d: Date) => d.toISOString();

/** Every mock exam operation is as unknown as a missing page while the feature flag is off (SPEC §9). */
export function assertMockExamsOn(caller: Caller): void {
  if (!buildAppConfig(caller.config).appEnabledFunction.mockExam) throw new HttpError(404, 'server:mock_exams_off');
}

const scoredQuestion = (q: BankRow): ScoredQuestion => ({
  id: q.id,
  kind: q.kind,
  points: q.points,
  maxChoices: q.maxChoices,
  optionIds: q.kind === 'true_false' ? [...TRUE_FALSE_OPTION_IDS] : q.options.map((o) => o.id),
  correctAnswer: q.correctAnswer,
});

/** A pass when score / full marks reaches the paper's pass percent. */
export const mockPasses = (score: number, fullMarks: number, passPercent: number): boolean => fullMarks > 0 && (score / fullMarks) * 100 >= passPercent;

async function paperQuestions(db: Db, paperId: number): Promise<BankRow[]> {
  const rows = await db
    .select({ q: mockBankQuestions })
    .from(mockPaperQuestions)
    .innerJoin(mockBankQuestions, eq(mockBankQuestions.id, mockPaperQuestions.questionId))
    .where(eq(mockPaperQuestions.paperId, paperId))
    .orderBy(asc(mockPaperQuestions.position));
  return rows.map((r) => r.q);
}

const answersOf = (db: Db, attemptId: number): Promise<AnswerRow[]> => db.select().from(mockAnswers).where(eq(mockAnswers.attemptId, attemptId));

// ---------------------------------------------------------------------------------------------
// Finishing

/** Scores and finishes the attempt unless it is finished already (row locked: a submit and the sweep finish it once). */
async function finishAttempt(db: Db, attemptId: number, by: 'learner' | 'deadline', at: Date): Promise<AttemptRow> {
  return db.transaction(async (tx) => {
    const [attempt] = await tx.select().from(mockAttempts).where(eq(mockAttempts.id, attemptId)).for('update');
    if (attempt.finishedAt !== null) return attempt;
    const [paper] = await tx.select().from(mockPapers).where(eq(mockPapers.id, attempt.paperId));
    const questions = await paperQuestions(tx, paper.id);
    const answers = await answersOf(tx, attempt.id);
    const { score, fullMarks } = scoreAttempt(questions.map(scoredQuestion), new Map(answers.map((a) => [a.questionId, a.value])));
    const [finished] = await tx
      .update(mockAttempts)
      .set({ finishedAt: at, finishedBy: by, score, fullMarks, pass: mockPasses(score, fullMarks, paper.passPercent) })
      .where(and(eq(mockAttempts.id, attempt.id), isNull(mockAttempts.finishedAt)))
      .returning();
    return finished;
  });
}

/** Finishes every open exam attempt past its deadline + grace, at its deadline (for one learner, or all: the sweep). */
export async function finishOverdueMockAttempts(db: Db, now: Date, userId?: number): Promise<number> {
  const overdue = await db
    .select({ id: mockAttempts.id, deadlineAt: mockAttempts.deadlineAt })
    .from(mockAttempts)
    .where(
      and(
        isNull(mockAttempts.finishedAt),
        isNotNull(mockAttempts.deadlineAt),
        lt(mockAttempts.deadlineAt, new Date(now.getTime() - GRACE_MS)),
        userId === undefined ? undefined : eq(mockAttempts.userId, userId),
      ),
    );
  for (const a of overdue) await finishAttempt(db, a.id, 'deadline', a.deadlineAt!);
  return overdue.length;
}

// ---------------------------------------------------------------------------------------------
// Papers

export async function findPaper(db: Db, paperId: number): Promise<PaperRow | undefined> {
  const [row] = await db.select().from(mockPapers).where(eq(mockPapers.id, paperId));
  return row;
}

async function paperView(db: Db, paper: PaperRow, caller: Caller): Promise<MockPaper> {
  const questions = await paperQuestions(db, paper.id);
  const open = await db
    .select({ id: mockAttempts.id, mode: mockAttempts.mode })
    .from(mockAttempts)
    .where(and(eq(mockAttempts.paperId, paper.id), eq(mockAttempts.userId, caller.userId), isNull(mockAttempts.finishedAt)));
  const openOf = (mode: MockMode) => {
    const found = open.find((a) => a.mode === mode);
    return found ? String(found.id) : null;
  };
  return {
    id: String(paper.id),
    title: localize(paper.title, caller.lang),
    question_count: questions.length,
    time_limit_minutes: paper.timeLimitMinutes,
    pass_percent: paper.passPercent,
    topics: [...new Set(questions.map((q) => q.topic))],
    open_practice_attempt_id: openOf('practice'),
    open_exam_attempt_id: openOf('exam'),
  };
}

export async function listPapers(db: Db, caller: Caller): Promise<MockPaper[]> {
  await finishOverdueMockAttempts(db, caller.now, caller.userId);
  const papers = await db.select().from(mockPapers).orderBy(asc(mockPapers.id));
  const out: MockPaper[] = [];
  for (const p of papers) out.push(await paperView(db, p, caller));
  return out;
}

// ---------------------------------------------------------------------------------------------
// The attempt as the learner sees it

function questionView(q: BankRow, position: number, lang: Language) {
  const options =
    q.kind === 'true_false'
      ? TRUE_FALSE_OPTION_IDS.map((id) => ({ id, text: translate(lang, id === 'true' ? 'server:quiz_true' : 'server:quiz_false') }))
      : q.options.map((o) => ({ id: o.id, text: localize(o.text, lang) }));
  return {
    id: String(q.id),
    position,
    kind: q.kind,
    text: localize(q.text, lang),
    points: q.points,
    required: false,
    options,
    max_choices: q.kind === 'multiple' ? q.maxChoices : null,
    topic: q.topic,
  };
}

const savedAnswerOf = (a: AnswerRow): SavedAnswer => ({ question_id: String(a.questionId), value: a.value, seq: a.seq, saved_at: iso(a.savedAt) });

function revealOf(q: BankRow, value: string[] | undefined, lang: Language): MockReveal {
  return { question_id: String(q.id), correct: scoreAnswer(scoredQuestion(q), value).correct, correct_answer: q.correctAnswer, explanation: localize(q.explanation, lang) };
}

function resultOf(a: AttemptRow): QuizResult {
  return {
    attempt_id: String(a.id),
    score: a.score ?? 0,
    full_marks: a.fullMarks ?? 0,
    pass: Boolean(a.pass),
    started_at: iso(a.startedAt),
    completed_at: iso(a.finishedAt!),
    finished_by: a.finishedBy ?? 'learner',
  };
}

/**
 * The full attempt. Secrets (ADR 028): practice reveals exactly the questions whose answer is saved;
 * exam reveals nothing until it is finished, then the review of every question.
 */
async function attemptView(db: Db, attempt: AttemptRow, paper: PaperRow, caller: Caller): Promise<MockAttempt> {
  const questions = await paperQuestions(db, paper.id);
  const answers = await answersOf(db, attempt.id);
  const byQuestion = new Map(answers.map((a) => [a.questionId, a.value]));
  const finished = attempt.finishedAt !== null;
  const reveals = attempt.mode === 'practice' ? questions.filter((q) => (byQuestion.get(q.id)?.length ?? 0) > 0).map((q) => revealOf(q, byQuestion.get(q.id), caller.lang)) : [];
  let review: QuestionReview[] = [];
  if (attempt.mode === 'exam' && finished) {
    const { perQuestion } = scoreAttempt(questions.map(scoredQuestion), byQuestion);
    review = questions.map((q) => ({
      question_id: String(q.id),
      points_awarded: perQuestion.get(q.id)?.points ?? 0,
      correct: perQuestion.get(q.id)?.correct ?? false,
      correct_answer: q.correctAnswer,
      explanation: localize(q.explanation, caller.lang),
    }));
  }
  return {
    id: String(attempt.id),
    paper: await paperView(db, paper, caller),
    mode: attempt.mode,
    status: finished ? 'finished' : 'open',
    started_at: iso(attempt.startedAt),
    deadline_at: attempt.deadlineAt ? iso(attempt.deadlineAt) : null,
    cut_by_closing_time: false,
    grace_seconds: GRACE_SECONDS,
    server_now: iso(caller.now),
    questions: questions.map((q, i) => questionView(q, i + 1, caller.lang)),
    answers: answers.map(savedAnswerOf),
    result: finished ? resultOf(attempt) : null,
    reveals,
    review,
  };
}

/** The caller's own attempt (someone else's is as unknown as a missing one: 404), finished first when overdue. */
async function ownAttempt(db: Db, attemptId: number, caller: Caller): Promise<{ attempt: AttemptRow; paper: PaperRow }> {
  await finishOverdueMockAttempts(db, caller.now, caller.userId);
  const [row] = await db
    .select({ attempt: mockAttempts, paper: mockPapers })
    .from(mockAttempts)
    .innerJoin(mockPapers, eq(mockPapers.id, mockAttempts.paperId))
    .where(and(eq(mockAttempts.id, attemptId), eq(mockAttempts.userId, caller.userId)));
  if (!row) throw new HttpError(404, 'server:mock_attempt_not_found');
  return row;
}

export async function getMockAttempt(db: Db, attemptId: number, caller: Caller): Promise<MockAttempt> {
  const { attempt, paper } = await ownAttempt(db, attemptId, caller);
  return attemptView(db, attempt, paper, caller);
}

// ---------------------------------------------------------------------------------------------
// Start, answers, submit

async function openAttemptOf(db: Db | Tx, paperId: number, userId: number, mode: MockMode): Promise<AttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(mockAttempts)
    .where(and(eq(mockAttempts.paperId, paperId), eq(mockAttempts.userId, userId), eq(mockAttempts.mode, mode), isNull(mockAttempts.finishedAt)));
  return row;
}

/**
 * POST mock_papers/{id}/attempts: the open attempt of that mode if there is one, else a new one (exam:
 * its deadline fixed now). The partial unique index decides between concurrent starts.
 */
export async function startMockAttempt(db: Db, paper: PaperRow, mode: MockMode, caller: Caller): Promise<MockAttempt> {
  const { userId, now } = caller;
  await finishOverdueMockAttempts(db, now, userId);
  const open = await openAttemptOf(db, paper.id, userId, mode);
  if (open) return attemptView(db, open, paper, caller);
  // Issue 43: practice reveals each answer, so it never runs beside an exam of the same paper: an
  // exam closes the open practice; practice waits while an exam is open.
  const other = await openAttemptOf(db, paper.id, userId, mode === 'exam' ? 'practice' : 'exam');
  if (other && mode === 'practice') throw examRunning();
  if (other) await finishAttempt(db, other.id, 'learner', now);
  const deadline = mode === 'exam' ? deadlineOf({ startedAt: now.getTime(), timeLimitMinutes: paper.timeLimitMinutes, extraMinutes: 0, closesAt: null }).deadline : null;
  const [created] = await db
    .insert(mockAttempts)
    .values({ paperId: paper.id, userId, mode, startedAt: now, deadlineAt: deadline === null ? null : new Date(deadline) })
    .onConflictDoNothing()
    .returning();
  const attempt = created ?? (await openAttemptOf(db, paper.id, userId, mode));
  if (!attempt) throw new Error('startMockAttempt: neither inserted nor found an open attempt');
  return attemptView(db, attempt, paper, caller);
}

const examRunning = () => new HttpError(409, 'server:mock_exam_running', {}, { code: QUIZ_ERROR_CODE.mockExamRunning });

function closedAttemptError(attempt: AttemptRow): HttpError {
  return attempt.finishedBy === 'deadline'
    ? new HttpError(403, 'server:quiz_time_up', {}, { code: QUIZ_ERROR_CODE.quizTimeUp })
    : new HttpError(403, 'server:quiz_submitted', {}, { code: QUIZ_ERROR_CODE.quizSubmitted });
}

/**
 * PUT mock_attempts/{id}/answers/{questionId}: the highest seq wins (a stale seq answers what is
 * stored). In practice mode the answer carries the question's reveal — only now that it is saved —
 * and, once given (not empty), it stands: a later save answers the stored answer and its reveal.
 */
export async function saveMockAnswer(db: Db, attemptId: number, questionId: number, payload: { value: string[] | string; seq: number }, caller: Caller): Promise<SavedMockAnswer> {
  const { attempt } = await ownAttempt(db, attemptId, caller);
  if (attempt.finishedAt !== null) throw closedAttemptError(attempt);
  const [row] = await db
    .select({ q: mockBankQuestions })
    .from(mockPaperQuestions)
    .innerJoin(mockBankQuestions, eq(mockBankQuestions.id, mockPaperQuestions.questionId))
    .where(and(eq(mockPaperQuestions.paperId, attempt.paperId), eq(mockPaperQuestions.questionId, questionId)));
  if (!row) throw new HttpError(404, 'server:mock_question_not_found');
  const question = row.q;
  const problem = answerProblem(scoredQuestion(question), payload.value);
  if (problem) throw new HttpError(400, problem);
  const value = payload.value as string[]; // answerProblem: a choice question's answer is a list

  type Outcome = { kind: 'closed'; attempt: AttemptRow } | { kind: 'overdue'; attempt: AttemptRow } | { kind: 'examRunning' } | { kind: 'saved'; answer: AnswerRow };
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const [current] = await tx.select().from(mockAttempts).where(eq(mockAttempts.id, attempt.id)).for('share');
    if (current.finishedAt !== null) return { kind: 'closed', attempt: current };
    // Issue 43: a practice attempt opened in a race with an exam of the paper reveals nothing while the exam runs.
    if (current.mode === 'practice' && (await openAttemptOf(tx, current.paperId, current.userId, 'exam'))) return { kind: 'examRunning' };
    if (isPastGrace(current.deadlineAt?.getTime() ?? null, caller.now.getTime())) return { kind: 'overdue', attempt: current };
    const [written] = await tx
      .insert(mockAnswers)
      .values({ attemptId: attempt.id, questionId, value, seq: payload.seq, savedAt: caller.now })
      .onConflictDoUpdate({
        target: [mockAnswers.attemptId, mockAnswers.questionId],
        set: { value: sql`excluded.value`, seq: sql`excluded.seq`, savedAt: sql`excluded.saved_at` },
        // Practice: the first answer given stands once its reveal is out (the progress counts it).
        setWhere:
          attempt.mode === 'practice'
            ? sql`excluded.seq > ${mockAnswers.seq} and jsonb_array_length(${mockAnswers.value}) = 0`
            : sql`excluded.seq > ${mockAnswers.seq}`,
      })
      .returning();
    if (written) return { kind: 'saved', answer: written };
    const [stored] = await tx
      .select()
      .from(mockAnswers)
      .where(and(eq(mockAnswers.attemptId, attempt.id), eq(mockAnswers.questionId, questionId)));
    return { kind: 'saved', answer: stored };
  });
  if (outcome.kind === 'closed') throw closedAttemptError(outcome.attempt);
  if (outcome.kind === 'examRunning') throw examRunning();
  if (outcome.kind === 'overdue') {
    await finishAttempt(db, outcome.attempt.id, 'deadline', outcome.attempt.deadlineAt!);
    throw new HttpError(403, 'server:quiz_time_up', {}, { code: QUIZ_ERROR_CODE.quizTimeUp });
  }
  const reveal = attempt.mode === 'practice' && outcome.answer.value.length > 0 ? revealOf(question, outcome.answer.value, caller.lang) : null;
  return { answer: savedAnswerOf(outcome.answer), reveal };
}

/** POST mock_attempts/{id}/submit: scores on the server; a repeat answers the same result; past deadline + grace it is the deadline's. */
export async function submitMockAttempt(db: Db, attemptId: number, caller: Caller): Promise<QuizResult> {
  const { attempt } = await ownAttempt(db, attemptId, caller);
  if (attempt.finishedAt !== null) return resultOf(attempt);
  const finished = isPastGrace(attempt.deadlineAt?.getTime() ?? null, caller.now.getTime())
    ? await finishAttempt(db, attempt.id, 'deadline', attempt.deadlineAt!)
    : await finishAttempt(db, attempt.id, 'learner', caller.now);
  return resultOf(finished);
}

// ---------------------------------------------------------------------------------------------
// Records, progress, stats

/** The caller's finished exam-mode attempts, newest first. */
export async function listMockRecords(db: Db, caller: Caller): Promise<MockRecord[]> {
  await finishOverdueMockAttempts(db, caller.now, caller.userId);
  const rows = await db
    .select({ attempt: mockAttempts, paper: mockPapers })
    .from(mockAttempts)
    .innerJoin(mockPapers, eq(mockPapers.id, mockAttempts.paperId))
    .where(and(eq(mockAttempts.userId, caller.userId), eq(mockAttempts.mode, 'exam'), isNotNull(mockAttempts.finishedAt)))
    .orderBy(desc(mockAttempts.finishedAt), desc(mockAttempts.id));
  return rows.map(({ attempt, paper }) => ({ ...resultOf(attempt), paper_id: String(paper.id), paper_title: localize(paper.title, caller.lang) }));
}

/**
 * Per topic of the bank: its questions, how many the caller has answered (a saved answer in practice,
 * or in a finished exam), and how many of those their latest answer got right.
 */
export async function mockProgress(db: Db, caller: Caller): Promise<MockTopicProgress[]> {
  await finishOverdueMockAttempts(db, caller.now, caller.userId);
  const topics = await db.select().from(mockTopics).orderBy(asc(mockTopics.position));
  const bank = await db.select().from(mockBankQuestions);
  const attempts = await db
    .select({ id: mockAttempts.id })
    .from(mockAttempts)
    .where(and(eq(mockAttempts.userId, caller.userId), sql`(${mockAttempts.mode} = 'practice' or ${mockAttempts.finishedAt} is not null)`));
  const answers =
    attempts.length === 0
      ? []
      : await db
          .select()
          .from(mockAnswers)
          .where(inArray(mockAnswers.attemptId, attempts.map((a) => a.id)));
  const latest = new Map<number, AnswerRow>();
  for (const a of answers) {
    if (a.value.length === 0) continue;
    const seen = latest.get(a.questionId);
    if (!seen || a.savedAt > seen.savedAt) latest.set(a.questionId, a);
  }
  return topics.map((t) => {
    const questions = bank.filter((q) => q.topic === t.code);
    const answered = questions.filter((q) => latest.has(q.id));
    return {
      topic: t.code,
      title: localize(t.title, caller.lang),
      question_count: questions.length,
      answered: answered.length,
      correct: answered.filter((q) => scoreAnswer(scoredQuestion(q), latest.get(q.id)!.value).correct).length,
    };
  });
}

/** SPEC §7 GET mock_exams/stats, computed in SQL from the caller's finished exam-mode attempts (ADR 028). */
export async function mockExamStats(db: Db, caller: Caller): Promise<MockExamStats> {
  await finishOverdueMockAttempts(db, caller.now, caller.userId);
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      passed: sql<number>`count(*) filter (where ${mockAttempts.pass})::int`,
      average: sql<number | null>`avg(${mockAttempts.score} / nullif(${mockAttempts.fullMarks}, 0) * 100)::float8`,
    })
    .from(mockAttempts)
    .where(and(eq(mockAttempts.userId, caller.userId), eq(mockAttempts.mode, 'exam'), isNotNull(mockAttempts.finishedAt)));
  return { average_score: Math.round((row.average ?? 0) * 10) / 10, passed_attempts: row.passed, total_attempts: row.total };
}
