import { fromPromise } from 'xstate';
import { ApiRequestError } from '../../api/api-error';
import {
  getMockAttempt,
  getMockExamStats,
  getMockProgress,
  listMockPapers,
  listMockRecords,
  saveMockAnswer,
  startMockAttempt,
  submitMockAttempt,
} from '../../api/mock-exams.api';
import type { MockAttempt, MockPaper, MockRecord } from '../../api/schemas/mock-exams.schema';
import type { Attempt, QuizResult, QuizSummary } from '../../api/schemas/quizzes.schema';
import { mockExamsMachine, type MockOverview } from '../../machines/mock-exams/mock-exams.machine';
import { mockPracticeMachine, type PracticeProblem } from '../../machines/mock-practice/mock-practice.machine';
import { quizAttemptMachine, type SendOutcome } from '../../machines/quiz-attempt/quiz-attempt.machine';
import { createQuizJournal, type JournalEntry, type QuizJournal } from '../../platform/storage/quiz-journal';
import { problemOf, tickerLogic, type QuizWiring } from '../quiz/quiz.actor';

// The ONE place that wires the /mockexam page's machines to real I/O (DESIGN §2, ADR 019, ADR 028):
// the mock exam API for the overview, practice mode (mock-practice) and exam mode (quiz-attempt,
// whose actors become mock exam calls: the same journal, timer and offline handling as a quiz).

/** Exam attempts' journal entries apart from the quizzes' (their ids are another table's). */
const journalKey = (attemptId: string) => `mock:${attemptId}`;

/** A mock paper as the quiz-attempt machine's intro needs it (no course, no attempt limit, never closed). */
export function summaryOf(paper: MockPaper, records: MockRecord[]): QuizSummary {
  const own = records.filter((r) => r.paper_id === paper.id);
  const best = own.reduce<MockRecord | null>((b, r) => (b === null || r.score / r.full_marks > b.score / b.full_marks ? r : b), null);
  return {
    id: paper.id,
    course_id: '',
    kind: 'exam',
    title: paper.title,
    description: '',
    question_count: paper.question_count,
    // One point a question (the bank's questions are choice questions of one point each).
    pass_mark: Math.ceil((paper.question_count * paper.pass_percent) / 100),
    full_marks: paper.question_count,
    time_limit_minutes: paper.time_limit_minutes,
    attempts_allowed: null,
    closes_at: null,
    extra_minutes: 0,
    identity_check_at_start: false,
    availability: 'available',
    attempts_used: own.length,
    failed_attempts: own.filter((r) => !r.pass).length,
    retake_alert: false,
    open_attempt_id: paper.open_exam_attempt_id,
    best_result: best ? resultOf(best) : null,
  };
}

const resultOf = (r: MockRecord): QuizResult => ({
  attempt_id: r.attempt_id,
  score: r.score,
  full_marks: r.full_marks,
  pass: r.pass,
  started_at: r.started_at,
  completed_at: r.completed_at,
  finished_by: r.finished_by,
});

/** A mock exam attempt in the quiz attempt's shape (ADR 028: the shared fields mean the same). */
export function attemptOf(mock: MockAttempt): Attempt {
  return {
    id: mock.id,
    quiz: summaryOf(mock.paper, []),
    status: mock.status,
    started_at: mock.started_at,
    deadline_at: mock.deadline_at,
    cut_by_closing_time: mock.cut_by_closing_time,
    grace_seconds: mock.grace_seconds,
    server_now: mock.server_now,
    questions: mock.questions.map(({ topic: _topic, ...q }) => q),
    answers: mock.answers,
    result: mock.result,
    review: mock.review,
  };
}

const rethrow = (error: unknown): never => {
  throw problemOf(error);
};

/** A practice call's failure: the server's translated message (or none: the view says what failed). */
const practiceProblem = (error: unknown): never => {
  const problem: PracticeProblem = { message: error instanceof ApiRequestError && error.status !== 0 ? error.message || null : null };
  throw problem;
};

/** Practice mode with the real API. */
export function mockPracticeLogic() {
  return mockPracticeMachine.provide({
    actors: {
      startPractice: fromPromise(({ input }) => startMockAttempt(input.paperId, 'practice').catch(practiceProblem)),
      saveAnswer: fromPromise(({ input }) => saveMockAnswer(input.attemptId, input.questionId, { value: input.value, seq: input.seq }).catch(practiceProblem)),
      finishPractice: fromPromise(({ input }) => submitMockAttempt(input.attemptId).catch(practiceProblem)),
    },
  });
}

/** Exam mode: the quiz-attempt machine with mock exam calls, the journal and the ticker. */
export function mockExamAttemptLogic({ journal = createQuizJournal(), target = window, tickMs = 1000 }: QuizWiring = {}) {
  return quizAttemptMachine.provide({
    actors: {
      loadQuiz: fromPromise(async ({ input, signal }) => {
        const [papers, records] = await Promise.all([listMockPapers({ signal }), listMockRecords({ signal })]).catch(rethrow);
        const paper = papers.find((p) => p.id === input.quizId);
        if (!paper) throw { kind: 'refused', message: null };
        return { quiz: summaryOf(paper, records), records: records.filter((r) => r.paper_id === paper.id).map(resultOf) };
      }),
      startAttempt: fromPromise(async ({ input }) => attemptOf(await startMockAttempt(input.quizId, 'exam').catch(rethrow))),
      loadAttempt: fromPromise(async ({ input, signal }) => attemptOf(await getMockAttempt(input.attemptId, { signal }).catch(rethrow))),
      // One PUT per answer, in order; a 400 (max choices, unknown option) is that answer's refusal.
      sendAnswers: fromPromise(async ({ input }): Promise<SendOutcome> => {
        const outcome: SendOutcome = { saved: [], refused: [] };
        for (const answer of input.answers) {
          try {
            outcome.saved.push((await saveMockAnswer(input.attemptId, answer.questionId, { value: answer.value, seq: answer.seq })).answer);
          } catch (error) {
            if (error instanceof ApiRequestError && error.status === 400) outcome.refused.push({ questionId: answer.questionId, seq: answer.seq, message: error.message || null });
            else throw problemOf(error);
          }
        }
        return outcome;
      }),
      submitAttempt: fromPromise(({ input }) => submitMockAttempt(input.attemptId).catch(rethrow)),
      ticker: tickerLogic(target, tickMs),
    },
    actions: {
      keepJournal: (_, params) => {
        const { attemptId, unsent } = params as { attemptId: string; unsent: JournalEntry[] };
        journal.write(journalKey(attemptId), unsent);
      },
    },
  });
}

/** The page machine with the real API and its children wired. */
export function mockExamsLogic(wiring: QuizWiring = {}) {
  return mockExamsMachine.provide({
    actors: {
      loadOverview: fromPromise(async ({ signal }): Promise<MockOverview> => {
        const [papers, progress, records, stats] = await Promise.all([listMockPapers({ signal }), getMockProgress({ signal }), listMockRecords({ signal }), getMockExamStats({ signal })]).catch(practiceProblem);
        return { papers, progress, records, stats };
      }),
      practice: mockPracticeLogic(),
      exam: mockExamAttemptLogic(wiring),
    },
  });
}

/** The journal's unsent answers of an exam attempt, for the machine's input. */
export function mockJournalReader(journal: QuizJournal = createQuizJournal()) {
  return (attemptId: string) => journal.read(journalKey(attemptId));
}
