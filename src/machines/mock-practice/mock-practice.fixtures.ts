import type { MockAttempt, MockExamStats, MockPaper, MockRecord, MockReveal, MockTopicProgress, SavedMockAnswer } from '../../api/schemas/mock-exams.schema';
import type { QuizResult } from '../../api/schemas/quizzes.schema';

// Samples for the mock exam machines' tests and the stories (ids as the server makes them).

/** The fixed "now" of the samples: 2026-11-24T10:00:00Z. */
export const T0 = Date.parse('2026-11-24T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

export const samplePaper: MockPaper = {
  id: '3',
  title: 'IIQE Paper 1 — mock A',
  question_count: 2,
  time_limit_minutes: 30,
  pass_percent: 70,
  topics: ['risk', 'ethics'],
  open_practice_attempt_id: null,
  open_exam_attempt_id: null,
};

export const sampleMockQuestions: MockAttempt['questions'] = [
  { id: 'q1', position: 1, kind: 'single', topic: 'risk', text: 'Which risk is insurable?', points: 1, required: true, options: [{ id: 'a', text: 'Pure risk' }, { id: 'b', text: 'Speculative risk' }], max_choices: null },
  {
    id: 'q2',
    position: 2,
    kind: 'multiple',
    topic: 'ethics',
    text: 'Which two must an agent disclose?',
    points: 1,
    required: true,
    options: [{ id: 'a', text: 'The insurer they act for' }, { id: 'b', text: 'Their commission when asked' }, { id: 'c', text: 'Their home address' }],
    max_choices: 2,
  },
];

export const sampleReveals: Record<string, MockReveal> = {
  q1: { question_id: 'q1', correct: true, correct_answer: ['a'], explanation: 'Only pure risks (loss or no loss) are insurable.' },
  q2: { question_id: 'q2', correct: false, correct_answer: ['a', 'b'], explanation: 'The principal and, when asked, the commission must be disclosed.' },
};

/** A practice attempt; `revealed` lists the questions already answered (their answer and reveal come with it). */
export function practiceAttempt({ revealed = [] as string[], status = 'open' as MockAttempt['status'] } = {}): MockAttempt {
  return {
    id: '51',
    paper: { ...samplePaper, open_practice_attempt_id: status === 'open' ? '51' : null },
    mode: 'practice',
    status,
    started_at: iso(T0),
    deadline_at: null,
    cut_by_closing_time: false,
    grace_seconds: 30,
    server_now: iso(T0),
    questions: sampleMockQuestions,
    answers: revealed.map((id) => ({ question_id: id, value: [...sampleReveals[id].correct_answer], seq: 1, saved_at: iso(T0) })),
    result: null,
    reveals: revealed.map((id) => sampleReveals[id]),
    review: [],
  };
}

/** What the server answers to a practice save of `questionId`. */
export function savedPractice(questionId: string, value: string[], seq = 1): SavedMockAnswer {
  return { answer: { question_id: questionId, value, seq, saved_at: iso(T0) }, reveal: sampleReveals[questionId] ?? null };
}

export const practiceResult: QuizResult = { attempt_id: '51', score: 1, full_marks: 2, pass: false, started_at: iso(T0), completed_at: iso(T0 + 120_000), finished_by: 'learner' };

export const sampleRecords: MockRecord[] = [
  { attempt_id: '47', score: 32, full_marks: 40, pass: true, started_at: iso(T0 - 86_400_000), completed_at: iso(T0 - 84_600_000), finished_by: 'learner', paper_id: '3', paper_title: samplePaper.title },
  { attempt_id: '45', score: 22, full_marks: 40, pass: false, started_at: iso(T0 - 3 * 86_400_000), completed_at: iso(T0 - 3 * 86_400_000 + 1_500_000), finished_by: 'deadline', paper_id: '3', paper_title: samplePaper.title },
];

export const sampleStats: MockExamStats = { average_score: 67.5, passed_attempts: 1, total_attempts: 2 };

export const sampleProgress: MockTopicProgress[] = [
  { topic: 'risk', title: 'Risk and insurance', question_count: 10, answered: 6, correct: 5 },
  { topic: 'legal', title: 'Legal principles', question_count: 10, answered: 2, correct: 1 },
  { topic: 'ethics', title: 'Ethics', question_count: 8, answered: 0, correct: 0 },
];
