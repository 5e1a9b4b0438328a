import { sql } from 'drizzle-orm';
import { bigint, doublePrecision, jsonb, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { COURSE_KINDS } from '../../../src/config/constants';
import { attachments } from './attachments';
import { createdAt, localized, type LocalizedText } from './columns';
import { users } from './users';

// Learning content (issue 5): departments, courses, their lessons and items, enrolments and likes.

export const departments = pgTable('departments', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  name: localized('name'),
});

export const courses = pgTable(
  'courses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    title: localized('title'),
    description: localized('description'),
    kind: text('kind', { enum: COURSE_KINDS }).notNull(),
    departmentId: bigint('department_id', { mode: 'number' })
      .notNull()
      .references(() => departments.id),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    coverUrl: text('cover_url'),
    cpdHours: doublePrecision('cpd_hours').notNull().default(0),
    /** Counted when a learner opens the detail page. */
    clicks: integer('clicks').notNull().default(0),
    /** Rows of course_enrolments / course_likes of the course, kept by statement triggers (migration
     * 0015_course_counters, ADR 034): the ranking reads them instead of counting a million rows. */
    enrolmentCount: integer('enrolment_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    /** What the catalogue search matches (ADR 040): the title and description in the three languages,
     * kept by PostgreSQL, one text a trigram index covers, instead of six jsonb extractions per course.
     * Fields are joined by U+001F, which no search text holds, so a match never spans two fields.
     * Kept in lower case (migration 0022, ADR 046): the search compares it with `like` and the
     * lower-cased pattern, a third of the time `ilike` takes to fold the case of every text it checks. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(coalesce(title ->> 'en', '') || chr(31) || coalesce(title ->> 'zh', '') || chr(31) || coalesce(title ->> 'cn', '') || chr(31) || coalesce(description ->> 'en', '') || chr(31) || coalesce(description ->> 'zh', '') || chr(31) || coalesce(description ->> 'cn', ''))`,
    ),
    createdAt: createdAt(),
  },
  (t) => [
    index('courses_published_at_idx').on(t.publishedAt),
    // The recommended list (and a kind filter): its count and its newest-first page read the
    // courses of one kind in order instead of scanning every course (migration 0020, ADR 044).
    index('courses_kind_published_at_idx').on(t.kind, t.publishedAt, t.id),
    // pg_trgm (migration 0018) serves `ilike '%…%'` for patterns of three characters or more.
    index('courses_search_text_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The "all" list's order, one index per language (migration 0019, ADR 042): its page is read in
    // order instead of sorting every published course by its title.
    index('courses_title_en_idx').on(sql`(${t.title} ->> 'en')`, t.id),
    index('courses_title_zh_idx').on(sql`(${t.title} ->> 'zh')`, t.id),
    index('courses_title_cn_idx').on(sql`(${t.title} ->> 'cn')`, t.id),
    // The ranking's first two keys (migration 0021, ADR 046): its page reads the top courses in
    // order and sorts only their ties by clicks, instead of sorting every published course. An
    // enrolment or a like (the counters) is then a non-HOT update of the course row; `clicks`, which
    // every detail view updates, stays out of every index.
    index('courses_ranking_idx').on(sql`${t.enrolmentCount} desc`, sql`${t.likeCount} desc`),
  ],
);

/**
 * How many courses there are of each kind in each department, kept by triggers on courses (migration
 * 0023_course_counts, ADR 051). A catalogue list's total is the sum of its rows less the few courses
 * dated in the future, instead of counting every published course on each page (0.12–0.22 ms of a
 * 0.6 ms page at 2,000 courses).
 */
export const courseCounts = pgTable(
  'course_counts',
  {
    kind: text('kind', { enum: COURSE_KINDS }).notNull(),
    departmentId: bigint('department_id', { mode: 'number' }).notNull(),
    courses: integer('courses').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.departmentId] })],
);

export const lessons = pgTable(
  'lessons',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    courseId: bigint('course_id', { mode: 'number' })
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: localized('title'),
  },
  (t) => [index('lessons_course_id_idx').on(t.courseId, t.position)],
);

/** scorm: runs an installed package (scorm_items names it; issue 13, ADR 029). */
export const ITEM_KINDS = ['reading', 'attachment', 'scorm'] as const;

export const courseItems = pgTable(
  'course_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    lessonId: bigint('lesson_id', { mode: 'number' })
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    /** Denormalised for the per-course totals. */
    courseId: bigint('course_id', { mode: 'number' })
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind', { enum: ITEM_KINDS }).notNull(),
    title: localized('title'),
    body: jsonb('body').$type<LocalizedText>(),
    requiredSeconds: integer('required_seconds').notNull().default(0),
    attachmentId: bigint('attachment_id', { mode: 'number' }).references(() => attachments.id),
  },
  (t) => [
    index('course_items_lesson_id_idx').on(t.lessonId, t.position),
    index('course_items_course_id_idx').on(t.courseId),
    // ADR 034: the course showing an attachment (attachment detail, status, the material library).
    index('course_items_attachment_id_idx').on(t.attachmentId),
  ],
);

export const ENROLMENT_STATUSES = ['in_progress', 'completed'] as const;

export const courseEnrolments = pgTable(
  'course_enrolments',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: bigint('course_id', { mode: 'number' })
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ENROLMENT_STATUSES }).notNull().default('in_progress'),
    enrolledAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] }), index('course_enrolments_course_id_idx').on(t.courseId)],
);

export const courseLikes = pgTable(
  'course_likes',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: bigint('course_id', { mode: 'number' })
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] }), index('course_likes_course_id_idx').on(t.courseId)],
);
