import { z } from 'zod/mini';
import { idTextSchema, text } from './bounds.schema';

// Issue 13: evaluation and the feedback form of a completed course (SPEC §2 "evaluation, feedback
// form", §4 "Evaluation is available only after the course is completed", "The feedback form is
// available only after course completion and only once"). Both are one submission (ADR 026): a
// rating of the course on fixed criteria plus the course's own questions, stored once per learner.

/** Evaluation: 1–5 stars on each of these fixed criteria (the comment is optional). */
export const EVALUATION_CRITERIA = ['content', 'presenter', 'usefulness'] as const;
export type EvaluationCriterion = (typeof EVALUATION_CRITERIA)[number];
export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** The longest free text (a comment or a text answer), in characters. */
export const FEEDBACK_TEXT_MAX = 2000;
/** More answers than any form has questions is refused before anything is read. */
export const FEEDBACK_ANSWERS_MAX = 100;

/** Question kinds of a course's feedback form: a 1–5 rating, one of several options, free text. */
export const FEEDBACK_QUESTION_KINDS = ['rating', 'single_choice', 'text'] as const;
export const feedbackQuestionKindSchema = z.enum(FEEDBACK_QUESTION_KINDS);
export type FeedbackQuestionKind = z.infer<typeof feedbackQuestionKindSchema>;

/**
 * The caller's standing:
 * - `available`: the course is completed and nothing was submitted yet: the form can be filled;
 * - `course_incomplete`: evaluation and feedback open only after completion (§4);
 * - `submitted`: the caller has submitted them already (only once, §4).
 */
export const FEEDBACK_AVAILABILITY = ['available', 'course_incomplete', 'submitted'] as const;
export const feedbackAvailabilitySchema = z.enum(FEEDBACK_AVAILABILITY);
export type FeedbackAvailability = z.infer<typeof feedbackAvailabilitySchema>;

export const feedbackCourseParamSchema = z.object({ id: idTextSchema });

export const feedbackOptionSchema = z.object({ id: z.string(), text: z.string() });
export type FeedbackOption = z.infer<typeof feedbackOptionSchema>;

/** A question in the request's language (English when its text is missing). */
export const feedbackQuestionSchema = z.object({
  id: z.string(),
  kind: feedbackQuestionKindSchema,
  text: z.string(),
  required: z.boolean(),
  /** The choices of a single_choice question; empty for the other kinds. */
  options: z.array(feedbackOptionSchema),
});
export type FeedbackQuestion = z.infer<typeof feedbackQuestionSchema>;

/** GET courses/{id}/feedback-form: the form and the caller's standing. */
export const feedbackFormSchema = z.object({
  course_id: z.string(),
  availability: feedbackAvailabilitySchema,
  /** The course's questions (empty when the course has none: the evaluation alone is asked). */
  questions: z.array(feedbackQuestionSchema),
  /** ISO 8601: when the caller submitted; null before. */
  submitted_at: z.nullable(z.string()),
});
export type FeedbackForm = z.infer<typeof feedbackFormSchema>;

const rating = z.int({ error: 'validation:rating_invalid' }).check(
  z.minimum(RATING_MIN, { error: 'validation:rating_invalid' }),
  z.maximum(RATING_MAX, { error: 'validation:rating_invalid' }),
);
const freeText = text({ error: 'validation:feedback_text_invalid' }).check(z.maxLength(FEEDBACK_TEXT_MAX, { error: 'validation:text_too_long' }));

export const evaluationSchema = z.object({
  content: rating,
  presenter: rating,
  usefulness: rating,
  comment: z.optional(freeText),
});
export type Evaluation = z.infer<typeof evaluationSchema>;

/** One answer: the field that fits its question's kind (rating, option_id or text), no other. */
export const feedbackAnswerSchema = z.object({
  question_id: idTextSchema,
  rating: z.optional(rating),
  option_id: z.optional(idTextSchema),
  text: z.optional(freeText),
});
export type FeedbackAnswer = z.infer<typeof feedbackAnswerSchema>;

/** The form's idempotency key: made once when the form is shown; a repeat with it is the same submission. */
export const feedbackKeySchema = text({ error: 'validation:feedback_key_invalid' }).check(
  z.regex(/^[A-Za-z0-9-]{8,64}$/, { error: 'validation:feedback_key_invalid' }),
);

/** POST courses/{id}/feedback-form: the evaluation and the answers, once. */
export const feedbackSubmissionSchema = z.object({
  key: feedbackKeySchema,
  evaluation: evaluationSchema,
  answers: z.array(feedbackAnswerSchema).check(z.maxLength(FEEDBACK_ANSWERS_MAX, { error: 'validation:feedback_answers_too_many' })),
});
export type FeedbackSubmission = z.infer<typeof feedbackSubmissionSchema>;

export const feedbackReceiptSchema = z.object({
  /** ISO 8601: when the server stored the submission. */
  submitted_at: z.string(),
});
export type FeedbackReceipt = z.infer<typeof feedbackReceiptSchema>;
