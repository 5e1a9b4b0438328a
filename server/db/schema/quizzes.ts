import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { QUESTION_KINDS, QUIZ_KINDS } from '../../../src/api/schemas/quizzes.schema';
import { localized, type LocalizedText } from './columns';
import { courses } from './courses';
import { users } from './users';

// Quizzes and examinations (issue 13, ADR 025): a course's assessments, and the attempts the server owns.

export const quizzes = pgTable(
  'quizzes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    courseId: bigint('course_id', { mode: 'number' })
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(1),
    kind: text('kind', { enum: QUIZ_KINDS }).notNull(),
    title: localized('title'),
    description: localized('description'),
    passMark: doublePrecision('pass_mark').notNull(),
    /** SPEC §9: minutes; null = untimed. */
    timeLimitMinutes: integer('time_limit_minutes'),
    /** Null = unlimited. */
    attemptsAllowed: integer('attempts_allowed'),
    /** SPEC §4: the retake alert shows once this many attempts have failed. */
    retakeAlertAfter: integer('retake_alert_after').notNull().default(3),
    closesAt: timestamp('closes_at', { withTimezone: true }),
    /** Issue 43: each attempt shows the options of a choice question in its own order, under its own labels. */
    shuffleOptions: boolean('shuffle_options').notNull().default(false),
  },
  (t) => [index('quizzes_course_id_idx').on(t.courseId, t.position)],
);

/** An option of a choice question: a short id (what answers name) and its texts. */
export interface QuizOption {
  id: string;
  text: LocalizedText;
}

export const quizQuestions = pgTable(
  'quiz_questions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    quizId: bigint('quiz_id', { mode: 'number' })
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    /**
     * The question's place on the paper. Issue 43: several questions with one position are variants
     * of that place (the pool): each attempt draws one of them, the one its learner saw least lately.
     */
    position: integer('position').notNull(),
    kind: text('kind', { enum: QUESTION_KINDS }).notNull(),
    text: localized('text'),
    points: doublePrecision('points').notNull().default(1),
    required: boolean('required').notNull().default(false),
    /** multiple: at most this many choices (SPEC §5); null otherwise. */
    maxChoices: integer('max_choices'),
    /** single / multiple: the choices; true_false: [] (its options are 'true' and 'false'); text kinds: []. */
    options: jsonb('options').$type<QuizOption[]>().notNull().default([]),
    /** The correct option ids, or the accepted texts of a short_text; [] for an essay. Never sent before the attempt is finished. */
    correctAnswer: jsonb('correct_answer').$type<string[]>().notNull().default([]),
    explanation: jsonb('explanation').$type<LocalizedText>(),
  },
  (t) => [index('quiz_questions_quiz_id_idx').on(t.quizId, t.position)],
);

/** Per-learner extra minutes on top of the time limit (an accommodation). */
export const quizExtraTime = pgTable(
  'quiz_extra_time',
  {
    quizId: bigint('quiz_id', { mode: 'number' })
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    minutes: integer('minutes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.quizId, t.userId] })],
);

export const QUIZ_FINISHERS = ['learner', 'deadline'] as const;

export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    quizId: bigint('quiz_id', { mode: 'number' })
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** Fixed at the start: min(start + limit + extra, closes_at); null when neither applies. */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    cutByClosingTime: boolean('cut_by_closing_time').notNull().default(false),
    /** An identity prompt is open (ADR 030): answers wait; its resume gives the time back. */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    /** Pauses begun (at most one per continual-authentication minimum interval). */
    pauses: integer('pauses').notNull().default(0),
    /** Time given back for identity prompts, already added to deadline_at (the evidence). */
    pauseCreditMs: integer('pause_credit_ms').notNull().default(0),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    finishedBy: text('finished_by', { enum: QUIZ_FINISHERS }),
    score: doublePrecision('score'),
    fullMarks: doublePrecision('full_marks'),
    pass: boolean('pass'),
  },
  (t) => [
    index('quiz_attempts_quiz_user_idx').on(t.quizId, t.userId),
    // Two concurrent starts can never make two open attempts.
    uniqueIndex('quiz_attempts_one_open_idx')
      .on(t.quizId, t.userId)
      .where(sql`${t.finishedAt} is null`),
    index('quiz_attempts_open_deadline_idx')
      .on(t.deadlineAt)
      .where(sql`${t.finishedAt} is null`),
  ],
);

/**
 * Issue 43: the paper an attempt was given when it started: one drawn question per place, and the
 * order of its options (real option ids in the order shown; their labels are a, b, c… in that
 * order). Answers, scoring and the review are against this paper, never against the whole pool.
 */
export const quizAttemptQuestions = pgTable(
  'quiz_attempt_questions',
  {
    attemptId: bigint('attempt_id', { mode: 'number' })
      .notNull()
      .references(() => quizAttempts.id, { onDelete: 'cascade' }),
    questionId: bigint('question_id', { mode: 'number' })
      .notNull()
      .references(() => quizQuestions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** Real option ids in the order shown; null: the options as they are (ids unchanged). */
    optionOrder: jsonb('option_order').$type<string[] | null>(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId] })],
);

/** One answer per question of an attempt: the value with the highest seq the browser sent. */
export const quizAnswers = pgTable(
  'quiz_answers',
  {
    attemptId: bigint('attempt_id', { mode: 'number' })
      .notNull()
      .references(() => quizAttempts.id, { onDelete: 'cascade' }),
    questionId: bigint('question_id', { mode: 'number' })
      .notNull()
      .references(() => quizQuestions.id, { onDelete: 'cascade' }),
    /** Option ids (string[]) or a text (string). */
    value: jsonb('value').$type<string[] | string>().notNull(),
    seq: integer('seq').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId] })],
);
