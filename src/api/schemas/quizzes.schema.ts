import { z } from 'zod/mini';
import { idTextSchema, INT4_MAX, text } from './bounds.schema';

// Issue 13: quizzes and examinations (SPEC §2 quiz / examination and their records, §4 "Courses and
// assessments", §5 max choices, §8 messages, §9 time limit in minutes). The server owns every rule
// that counts: the attempt, its deadline, which answers arrive in time, the score (ADR 025).

/** The error codes of quizzes, examinations and mock exams (ADR 025): the client acts on them. */
export const QUIZ_ERROR_CODE = {
  /** The quiz is not available now; the message says why (SPEC §8). */
  quizCourseIncomplete: 'QuizCourseIncomplete',
  quizClosed: 'QuizClosed',
  /** Passed already, or this attempt was submitted: a submitted quiz cannot be taken again. */
  quizSubmitted: 'QuizSubmitted',
  /** SPEC §8 "multiple-choice question already submitted": an answer to a multiple-choice question of
   * an attempt the learner submitted (a time-up answers QuizTimeUp). Acted on like QuizSubmitted. */
  quizMultipleChoiceSubmitted: 'QuizMultipleChoiceSubmitted',
  quizNoAttemptsLeft: 'QuizNoAttemptsLeft',
  /** An examination with continual authentication on: pass an identity check, then start again. */
  identityCheckRequired: 'IdentityCheckRequired',
  /** The attempt's deadline plus the grace has passed: answers are refused; the attempt is finished. */
  quizTimeUp: 'QuizTimeUp',
  /** ADR 030: an identity prompt holds the attempt: the answer waits for the resume (nothing is lost). */
  quizPaused: 'QuizPaused',
  /** ADR 030: no pause now (continual authentication off, untimed, past the deadline, too many). */
  quizPauseRefused: 'QuizPauseRefused',
  /** Issue 43: a mock paper is not practised while its exam is being sat (409): practice reveals answers. */
  mockExamRunning: 'MockExamRunning',
  /** SPEC §3 certificate: the attempt is not finished, not passed, or not an examination (409). */
  certificateUnavailable: 'CertificateUnavailable',
} as const;
export type QuizErrorCode = (typeof QUIZ_ERROR_CODE)[keyof typeof QUIZ_ERROR_CODE];

export const QUIZ_KINDS = ['quiz', 'exam'] as const;
export const quizKindSchema = z.enum(QUIZ_KINDS);
export type QuizKind = z.infer<typeof quizKindSchema>;

export const QUESTION_KINDS = ['single', 'multiple', 'true_false', 'short_text', 'essay'] as const;
export const questionKindSchema = z.enum(QUESTION_KINDS);
export type QuestionKind = z.infer<typeof questionKindSchema>;

/**
 * Why a learner may not start (or continue to) an attempt now; `available` when they may.
 * - `course_incomplete`: a quiz opens only after every lesson item of the course is completed (§4).
 * - `closed`: past the quiz's closing time.
 * - `submitted`: passed already; a submitted quiz or exam cannot be taken again (§4).
 * - `no_attempts_left`: the attempts allowed are used up (an exam allows one unless it was failed).
 */
export const QUIZ_AVAILABILITY = ['available', 'course_incomplete', 'closed', 'submitted', 'no_attempts_left'] as const;
export const quizAvailabilitySchema = z.enum(QUIZ_AVAILABILITY);
export type QuizAvailability = z.infer<typeof quizAvailabilitySchema>;

export const quizIdParamSchema = z.object({ id: idTextSchema });
export const attemptIdParamSchema = z.object({ id: idTextSchema });
export const answerParamSchema = z.object({ id: idTextSchema, questionId: idTextSchema });

/** A finished attempt's result (SPEC §3: score, full marks, pass, start date, complete date). */
export const quizResultSchema = z.object({
  attempt_id: z.string(),
  score: z.number(),
  full_marks: z.number(),
  pass: z.boolean(),
  /** ISO 8601. */
  started_at: z.string(),
  /** ISO 8601: when the server finished it (submit, or its deadline for an attempt left open). */
  completed_at: z.string(),
  /** `submitted` by the learner, or `timed_out`: finished by the server at the deadline. */
  finished_by: z.enum(['learner', 'deadline']),
});
export type QuizResult = z.infer<typeof quizResultSchema>;

/** A quiz or exam as the course detail and the quiz's intro page show it, with the caller's standing. */
export const quizSummarySchema = z.object({
  id: z.string(),
  course_id: z.string(),
  kind: quizKindSchema,
  /** In the request's language (English when that text is missing). */
  title: z.string(),
  description: z.string(),
  question_count: z.int(),
  pass_mark: z.number(),
  full_marks: z.number(),
  /** SPEC §9: minutes, or null for an untimed quiz. */
  time_limit_minutes: z.nullable(z.int()),
  /** Null: unlimited. */
  attempts_allowed: z.nullable(z.int()),
  /** ISO 8601 or null: no attempt may start or run past it. */
  closes_at: z.nullable(z.string()),
  /** Minutes the caller gets on top of the limit (an accommodation), 0 for most. */
  extra_minutes: z.int(),
  /** An exam asks for an identity check at its start when continual authentication is on. */
  identity_check_at_start: z.boolean(),
  availability: quizAvailabilitySchema,
  attempts_used: z.int(),
  failed_attempts: z.int(),
  /** SPEC §4: true once the caller has failed at least the quiz's retake-alert number of times. */
  retake_alert: z.boolean(),
  /** The attempt the caller has open (resume it), or null. */
  open_attempt_id: z.nullable(z.string()),
  /** The caller's best finished attempt, or null. */
  best_result: z.nullable(quizResultSchema),
});
export type QuizSummary = z.infer<typeof quizSummarySchema>;
export const quizSummaryListSchema = z.array(quizSummarySchema);

/** A question as the learner sees it during an attempt: never its correct answer. */
export const questionSchema = z.object({
  id: z.string(),
  position: z.int(),
  kind: questionKindSchema,
  text: z.string(),
  points: z.number(),
  required: z.boolean(),
  /** single, multiple, true_false: the choices (true_false: ids 'true' and 'false'); others: []. */
  options: z.array(z.object({ id: z.string(), text: z.string() })),
  /** multiple: at most this many choices (SPEC §5); others: null. */
  max_choices: z.nullable(z.int()),
});
export type Question = z.infer<typeof questionSchema>;

/** An option's id: short letters, digits, '_' or '-' (true_false's are 'true' and 'false', so not a row id). */
export const optionIdSchema = text({ error: 'validation:option_invalid' }).check(z.regex(/^[A-Za-z0-9_-]{1,32}$/, { error: 'validation:option_invalid' }));

/**
 * An answer's value: the chosen option ids (single, true_false: one; multiple: up to max_choices),
 * or the text (short_text, essay). An empty list or text clears the answer.
 */
export const answerValueSchema = z.union([
  z.array(optionIdSchema).check(z.maxLength(50, { error: 'validation:too_many_choices' })),
  text({ error: 'validation:answer_invalid' }).check(z.maxLength(20_000, { error: 'validation:text_too_long' })),
]);
export type AnswerValue = z.infer<typeof answerValueSchema>;

/** PUT quiz_attempts/{id}/answers/{questionId}: one answer, saved as it is given. */
export const saveAnswerPayloadSchema = z.object({
  value: answerValueSchema,
  /**
   * Grows with every change the browser makes to this answer; the server keeps the answer with the
   * highest sequence, so a slow old save never overwrites a newer one, and a repeat changes nothing.
   */
  seq: z.int({ error: 'validation:seq_invalid' }).check(z.positive({ error: 'validation:seq_invalid' }), z.maximum(INT4_MAX, { error: 'validation:number_too_large' })),
});
export type SaveAnswerPayload = z.infer<typeof saveAnswerPayloadSchema>;

export const savedAnswerSchema = z.object({
  question_id: z.string(),
  value: answerValueSchema,
  /** The sequence the server holds (higher than the one sent when that save was stale). */
  seq: z.int(),
  /** ISO 8601: when the server stored this value. */
  saved_at: z.string(),
});
export type SavedAnswer = z.infer<typeof savedAnswerSchema>;

/** After submission, per question (only when the quiz-result feature flag is on). */
export const questionReviewSchema = z.object({
  question_id: z.string(),
  points_awarded: z.number(),
  correct: z.boolean(),
  /** The correct option ids, or accepted texts; [] for an essay (marked by a trainer). */
  correct_answer: z.array(z.string()),
  explanation: z.string(),
});
export type QuestionReview = z.infer<typeof questionReviewSchema>;

/**
 * An attempt: what the quiz page needs to run or resume it. `deadline_at` and `server_now` let the
 * browser show time left from the server's clock (its own offset), never by counting ticks.
 */
export const attemptSchema = z.object({
  id: z.string(),
  quiz: quizSummarySchema,
  status: z.enum(['open', 'finished']),
  /** ISO 8601. */
  started_at: z.string(),
  /** ISO 8601, or null for an untimed quiz without closing time. */
  deadline_at: z.nullable(z.string()),
  /** True when the closing time cut the time limit short (the page says so at the start). */
  cut_by_closing_time: z.boolean(),
  /** Seconds after the deadline in which answers already in flight are still taken (≤ 60). */
  grace_seconds: z.int(),
  /** ISO 8601: the server's clock when it answered. */
  server_now: z.string(),
  /** Empty while an identity prompt holds the attempt (`paused`, issue 43). */
  questions: z.array(questionSchema),
  answers: z.array(savedAnswerSchema),
  /** An identity prompt holds the attempt (ADR 030): answers wait and the questions are not served. */
  paused: z.optional(z.boolean()),
  /** Set when status is finished. */
  result: z.nullable(quizResultSchema),
  /** Finished and the quiz-result flag on: per question; otherwise []. */
  review: z.array(questionReviewSchema),
});
export type Attempt = z.infer<typeof attemptSchema>;

/** GET quizzes/{id}/attempts: the caller's finished attempts, newest first (the records page). */
export const quizRecordListSchema = z.array(quizResultSchema);
export type QuizRecordList = z.infer<typeof quizRecordListSchema>;
