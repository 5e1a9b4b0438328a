import { z } from 'zod/mini';
import { idTextSchema } from './bounds.schema';
import { questionReviewSchema, questionSchema, quizResultSchema, savedAnswerSchema } from './quizzes.schema';

// Issue 13 "Mock exams", ADR 028: a question bank, mock papers drawn from it, practice mode (untimed,
// each question's answer revealed once its answer is saved) and exam mode (timed, the quiz attempt's
// rules and shape so the quiz-attempt machine runs it), progress per topic, records, stats (SPEC §7).
// Answers are saved with the quiz contract's payload (`saveAnswerPayloadSchema`): same seq rule.

export const MOCK_MODES = ['practice', 'exam'] as const;
export const mockModeSchema = z.enum(MOCK_MODES, { error: 'validation:mock_mode_invalid' });
export type MockMode = z.infer<typeof mockModeSchema>;

/** The kinds a bank question may have: the auto-scored choice kinds of the quiz engine. */
export const MOCK_QUESTION_KINDS = ['single', 'multiple', 'true_false'] as const;

export const mockPaperIdParamSchema = z.object({ id: idTextSchema });
export const mockAttemptIdParamSchema = z.object({ id: idTextSchema });
export const mockAnswerParamSchema = z.object({ id: idTextSchema, questionId: idTextSchema });

/** POST mock_papers/{id}/attempts: which mode to start (or resume) in. */
export const startMockAttemptPayloadSchema = z.object({ mode: mockModeSchema });
export type StartMockAttemptPayload = z.infer<typeof startMockAttemptPayloadSchema>;

/** A mock paper as the /mockexam page lists it, with the caller's open attempts. */
export const mockPaperSchema = z.object({
  id: z.string(),
  /** In the request's language (English when that text is missing). */
  title: z.string(),
  question_count: z.int(),
  /** Exam mode's limit in minutes (practice is untimed). */
  time_limit_minutes: z.int(),
  /** Percent of full marks needed to pass. */
  pass_percent: z.number(),
  /** Topic codes the paper draws from, in paper order. */
  topics: z.array(z.string()),
  open_practice_attempt_id: z.nullable(z.string()),
  open_exam_attempt_id: z.nullable(z.string()),
});
export type MockPaper = z.infer<typeof mockPaperSchema>;
export const mockPaperListSchema = z.array(mockPaperSchema);

/** A question revealed in practice mode: given only once its answer is saved in that attempt. */
export const mockRevealSchema = z.object({
  question_id: z.string(),
  correct: z.boolean(),
  correct_answer: z.array(z.string()),
  explanation: z.string(),
});
export type MockReveal = z.infer<typeof mockRevealSchema>;

/**
 * A mock attempt. The fields shared with the quiz attempt (`id`, `status`, `started_at`,
 * `deadline_at`, `cut_by_closing_time`, `grace_seconds`, `server_now`, `questions`, `answers`,
 * `result`, `review`) mean the same (ADR 025, 027), so exam mode runs in the quiz-attempt machine.
 */
export const mockAttemptSchema = z.object({
  id: z.string(),
  paper: mockPaperSchema,
  mode: mockModeSchema,
  status: z.enum(['open', 'finished']),
  started_at: z.string(),
  /** Exam mode: fixed at the start; practice: null. */
  deadline_at: z.nullable(z.string()),
  cut_by_closing_time: z.boolean(),
  grace_seconds: z.int(),
  server_now: z.string(),
  /** Each question with its topic code. */
  questions: z.array(z.extend(questionSchema, { topic: z.string() })),
  answers: z.array(savedAnswerSchema),
  result: z.nullable(quizResultSchema),
  /** Practice: the questions whose answer is saved; exam: [] (the review comes once finished). */
  reveals: z.array(mockRevealSchema),
  /** Exam mode, finished: per question; otherwise []. */
  review: z.array(questionReviewSchema),
});
export type MockAttempt = z.infer<typeof mockAttemptSchema>;

/** PUT mock_attempts/{id}/answers/{questionId}: the stored answer, and in practice mode its reveal. */
export const savedMockAnswerSchema = z.object({
  answer: savedAnswerSchema,
  /** Practice mode: the question's correct answer and explanation; exam mode: null. */
  reveal: z.nullable(mockRevealSchema),
});
export type SavedMockAnswer = z.infer<typeof savedMockAnswerSchema>;

/** A finished exam-mode attempt (the records page). */
export const mockRecordSchema = z.extend(quizResultSchema, { paper_id: z.string(), paper_title: z.string() });
export type MockRecord = z.infer<typeof mockRecordSchema>;
export const mockRecordListSchema = z.array(mockRecordSchema);

/** Progress per topic: the bank's questions of the topic, how many the caller answered, how many right (latest answer). */
export const mockTopicProgressSchema = z.object({
  topic: z.string(),
  /** In the request's language. */
  title: z.string(),
  question_count: z.int(),
  answered: z.int(),
  correct: z.int(),
});
export type MockTopicProgress = z.infer<typeof mockTopicProgressSchema>;
export const mockProgressSchema = z.array(mockTopicProgressSchema);

/** SPEC §3 / §7, exactly: over the caller's finished exam-mode attempts (ADR 028). */
export const mockExamStatsSchema = z.object({
  /** Mean of score / full marks × 100, one decimal; 0 when there is no attempt. */
  average_score: z.number(),
  passed_attempts: z.int(),
  total_attempts: z.int(),
});
export type MockExamStats = z.infer<typeof mockExamStatsSchema>;
