import type { Attempt, Question, QuizRecordList, QuizResult, QuizSummary } from '../../api/schemas/quizzes.schema';

// Samples for the machine's tests and the stories (ids as the server makes them).

/** The fixed "now" of the samples: 2026-11-24T10:00:00Z. */
export const T0 = Date.parse('2026-11-24T10:00:00.000Z');
export const iso = (ms: number) => new Date(ms).toISOString();

export const sampleQuiz: QuizSummary = {
  id: '7',
  course_id: '2',
  kind: 'quiz',
  title: 'Ethics check',
  description: 'Five questions on the code of conduct.',
  question_count: 3,
  pass_mark: 2,
  full_marks: 3,
  time_limit_minutes: 10,
  attempts_allowed: 3,
  closes_at: null,
  extra_minutes: 0,
  identity_check_at_start: false,
  availability: 'available',
  attempts_used: 0,
  failed_attempts: 0,
  retake_alert: false,
  open_attempt_id: null,
  best_result: null,
};

export const sampleQuestions: Question[] = [
  { id: 'q1', position: 1, kind: 'single', text: 'Who owns the client’s data?', points: 1, required: true, options: [{ id: 'a', text: 'The client' }, { id: 'b', text: 'The agent' }], max_choices: null },
  {
    id: 'q2',
    position: 2,
    kind: 'multiple',
    text: 'Which two are conflicts of interest?',
    points: 1,
    required: false,
    options: [{ id: 'a', text: 'A gift' }, { id: 'b', text: 'A commission' }, { id: 'c', text: 'A receipt' }],
    max_choices: 2,
  },
  { id: 'q3', position: 3, kind: 'short_text', text: 'Name the regulator.', points: 1, required: true, options: [], max_choices: null },
];

export const sampleResult = (pass: boolean, over: Partial<QuizResult> = {}): QuizResult => ({
  attempt_id: '41',
  score: pass ? 3 : 1,
  full_marks: 3,
  pass,
  started_at: iso(T0 - 9 * 60_000),
  completed_at: iso(T0),
  finished_by: 'learner',
  ...over,
});

/** An open attempt: `deadlineIn` ms after T0 on the server's clock, which runs `serverAhead` ms ahead. */
export function openAttempt({ deadlineIn = 10 * 60_000, serverAhead = 0, answers = [] as Attempt['answers'], quiz = sampleQuiz, cut = false } = {}): Attempt {
  return {
    id: '41',
    quiz: { ...quiz, open_attempt_id: '41' },
    status: 'open',
    started_at: iso(T0 + serverAhead),
    deadline_at: iso(T0 + serverAhead + deadlineIn),
    cut_by_closing_time: cut,
    grace_seconds: 30,
    server_now: iso(T0 + serverAhead),
    questions: sampleQuestions,
    answers,
    result: null,
    review: [],
  };
}

export function finishedAttempt(pass: boolean, quiz: Partial<QuizSummary> = {}): Attempt {
  const result = sampleResult(pass);
  return {
    ...openAttempt(),
    quiz: { ...sampleQuiz, open_attempt_id: null, attempts_used: 1, failed_attempts: pass ? 0 : 1, availability: pass ? 'submitted' : 'available', best_result: result, ...quiz },
    status: 'finished',
    answers: [
      { question_id: 'q1', value: ['a'], seq: 1, saved_at: iso(T0 - 60_000) },
      { question_id: 'q3', value: 'IA', seq: 2, saved_at: iso(T0 - 30_000) },
    ],
    result,
    review: [
      { question_id: 'q1', points_awarded: 1, correct: true, correct_answer: ['a'], explanation: 'The data is the client’s.' },
      { question_id: 'q2', points_awarded: 0, correct: false, correct_answer: ['a', 'b'], explanation: 'Gifts and commissions can both conflict.' },
      { question_id: 'q3', points_awarded: pass ? 1 : 0, correct: pass, correct_answer: ['IA', 'Insurance Authority'], explanation: '' },
    ],
  };
}

export const sampleRecords: QuizRecordList = [sampleResult(false, { attempt_id: '40', score: 1, started_at: iso(T0 - 86_400_000), completed_at: iso(T0 - 86_000_000) })];
