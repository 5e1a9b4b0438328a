import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { FEEDBACK_QUESTION_KINDS } from '../../../src/api/schemas/feedback-forms.schema';
import { localized, type LocalizedText } from './columns';
import { courses } from './courses';
import { users } from './users';

// Issue 13, ADR 026: a course's feedback form (its questions, in the three languages) and the
// learners' submissions of evaluation and feedback, one per learner and course.

export interface StoredFeedbackOption {
  /** Unique within its question. */
  id: string;
  text: LocalizedText;
}

export const feedbackQuestions = pgTable(
  'feedback_questions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    courseId: bigint('course_id', { mode: 'number' })
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind', { enum: FEEDBACK_QUESTION_KINDS }).notNull(),
    text: localized('text'),
    required: boolean('required').notNull().default(false),
    /** The choices of a single_choice question (empty for the other kinds). */
    options: jsonb('options').$type<StoredFeedbackOption[]>().notNull().default([]),
  },
  (t) => [index('feedback_questions_course_id_idx').on(t.courseId, t.position)],
);

/** One stored answer, checked against its question when it arrived. */
export interface StoredFeedbackAnswer {
  questionId: number;
  rating?: number;
  optionId?: string;
  text?: string;
}

export const feedbackResponses = pgTable(
  'feedback_responses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: bigint('course_id', { mode: 'number' })
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** The form's idempotency key: the same key again is the same submission. */
    key: text('key').notNull(),
    ratingContent: integer('rating_content').notNull(),
    ratingPresenter: integer('rating_presenter').notNull(),
    ratingUsefulness: integer('rating_usefulness').notNull(),
    comment: text('comment'),
    answers: jsonb('answers').$type<StoredFeedbackAnswer[]>().notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // "Only once" (SPEC §4), held by the database whatever the requests' order.
    unique('feedback_responses_user_course_unique').on(t.userId, t.courseId),
    index('feedback_responses_course_id_idx').on(t.courseId),
    check('feedback_responses_ratings_check', sql`${t.ratingContent} between 1 and 5 and ${t.ratingPresenter} between 1 and 5 and ${t.ratingUsefulness} between 1 and 5`),
  ],
);
