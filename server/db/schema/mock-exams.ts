import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { MOCK_MODES, MOCK_QUESTION_KINDS } from '../../../src/api/schemas/mock-exams.schema';
import { localized, type LocalizedText } from './columns';
import { QUIZ_FINISHERS, type QuizOption } from './quizzes';
import { users } from './users';

// Mock exams (issue 13, ADR 028): a question bank by topic, papers drawn from it, and the attempts
// (practice or exam) the server owns with the quiz engine's rules (ADR 025).

export const mockTopics = pgTable('mock_topics', {
  code: text('code').primaryKey(),
  position: integer('position').notNull(),
  title: localized('title'),
});

export const mockBankQuestions = pgTable(
  'mock_bank_questions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    topic: text('topic')
      .notNull()
      .references(() => mockTopics.code, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MOCK_QUESTION_KINDS }).notNull(),
    text: localized('text'),
    points: doublePrecision('points').notNull().default(1),
    /** multiple: at most this many choices; null otherwise. */
    maxChoices: integer('max_choices'),
    options: jsonb('options').$type<QuizOption[]>().notNull().default([]),
    /** The correct option ids: sent in practice only once the question's answer is saved, in exam only once finished. */
    correctAnswer: jsonb('correct_answer').$type<string[]>().notNull(),
    explanation: jsonb('explanation').$type<LocalizedText>().notNull(),
  },
  (t) => [index('mock_bank_questions_topic_idx').on(t.topic)],
);

export const mockPapers = pgTable('mock_papers', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  title: localized('title'),
  /** Exam mode's limit (practice is untimed). */
  timeLimitMinutes: integer('time_limit_minutes').notNull(),
  /** Percent of full marks needed to pass. */
  passPercent: doublePrecision('pass_percent').notNull(),
});

/** A paper: an ordered draw from the bank, fixed when the paper is made. */
export const mockPaperQuestions = pgTable(
  'mock_paper_questions',
  {
    paperId: bigint('paper_id', { mode: 'number' })
      .notNull()
      .references(() => mockPapers.id, { onDelete: 'cascade' }),
    questionId: bigint('question_id', { mode: 'number' })
      .notNull()
      .references(() => mockBankQuestions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.paperId, t.questionId] })],
);

export const mockAttempts = pgTable(
  'mock_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    paperId: bigint('paper_id', { mode: 'number' })
      .notNull()
      .references(() => mockPapers.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: MOCK_MODES }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** Exam mode: start + limit, fixed at the start; practice: null. */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    finishedBy: text('finished_by', { enum: QUIZ_FINISHERS }),
    score: doublePrecision('score'),
    fullMarks: doublePrecision('full_marks'),
    pass: boolean('pass'),
  },
  (t) => [
    index('mock_attempts_user_idx').on(t.userId, t.mode),
    // One open attempt per paper, learner and mode: a double click or two tabs never make two.
    uniqueIndex('mock_attempts_one_open_idx')
      .on(t.paperId, t.userId, t.mode)
      .where(sql`${t.finishedAt} is null`),
    index('mock_attempts_open_deadline_idx')
      .on(t.deadlineAt)
      .where(sql`${t.finishedAt} is null`),
  ],
);

/** One answer per question of an attempt: the value with the highest seq the browser sent. */
export const mockAnswers = pgTable(
  'mock_answers',
  {
    attemptId: bigint('attempt_id', { mode: 'number' })
      .notNull()
      .references(() => mockAttempts.id, { onDelete: 'cascade' }),
    questionId: bigint('question_id', { mode: 'number' })
      .notNull()
      .references(() => mockBankQuestions.id, { onDelete: 'cascade' }),
    value: jsonb('value').$type<string[]>().notNull(),
    seq: integer('seq').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId] })],
);
