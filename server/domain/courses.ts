import { and, asc, count, eq, like, lte, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type {
  CourseCard,
  CourseDetail,
  CourseList,
  CourseListQuery,
  CourseListResponse,
  DepartmentList,
  Lesson,
} from '../../src/api/schemas/courses.schema';
import { DEFAULT_COVER_URL, LANGUAGES, type Language } from '../../src/config/constants';
import type { Db } from '../db/client';
import { isoTimestampSql } from '../db/json-sql';
import { preparedPerDatabase } from '../db/prepared';
import { attachmentProgress, attachments, courseEnrolments, courseItems, courseLikes, courses, courseSeconds, departments, lessons, type LocalizedText } from '../db/schema';
import { pagedJsonText, type JsonText } from '../http/json-text';
import { attachmentSummaryOf } from './attachments-summary';
import { MIN_SCORM_REQUIRED_SECONDS } from './scorm';

/** The database or a transaction of it (a transaction is a PgDatabase too). */
export type Tx = Db;

/** A stored text in the request's language; English when a translation is missing. */
export function localize(text: LocalizedText | null | undefined, lang: Language): string {
  if (!text) return '';
  return text[lang] || text.en || '';
}

export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** The field separator of courses.search_text (migration 0018). */
const FIELD_SEPARATOR = '\u001f';

/** The like pattern of a catalogue search (PostgreSQL lowers its case, as the text's): a text holding
 * the separator is in no single field, so it matches nothing rather than a title's end joined to the
 * next field's start. */
const searchPattern = (q: string) => (q.includes(FIELD_SEPARATOR) ? '' : likePattern(q));

export const paging = (page: number, perPage: number) => ({ limit: perPage, offset: (page - 1) * perPage });

/**
 * Whether the user has completed the course_items row named `alias`: a reading once its logged
 * time reaches required_seconds (one record at least: a 0-second reading must still be opened), an
 * attachment once the attachment is finished, a SCORM item once the package said completed or
 * passed (not failed) and its logged time reaches required_seconds, and one second at least (an
 * item never opened is not complete whatever its package said; scorm.ts countsAsComplete says
 * the same). One SQL rule, used by the detail, the cards and the
 * completion check, so they can never disagree. The logged time is item_seconds' row (the sum of
 * the item's records, kept by triggers, ADR 052): summing the records here read every record of the
 * learner in the course for each item (ADR 034), 0.03 ms an item at 300 records a course.
 */
function itemCompleted(alias: string, userId: UserRef): SQL {
  const i = sql.raw(alias);
  const seconds = sql`coalesce((select s.seconds from item_seconds s where s.user_id = ${userId} and s.item_id = ${i}.id), 0)`;
  return sql`((${i}.kind = 'reading' and ${seconds} >= greatest(${i}.required_seconds, 1))
    or (${i}.kind = 'attachment' and exists (select 1 from attachment_progress p where p.user_id = ${userId} and p.attachment_id = ${i}.attachment_id and p.finished_at is not null))
    or (${i}.kind = 'scorm' and exists (select 1 from scorm_runtime r where r.user_id = ${userId} and r.item_id = ${i}.id and (r.completion = 'completed' or r.success = 'passed') and r.success <> 'failed')
      and ${seconds} >= greatest(${i}.required_seconds, ${MIN_SCORM_REQUIRED_SECONDS})))`;
}

/**
 * The course's item count (`total`) and the learner's items done (`completed`), one row, in one read
 * of the course's items: two counts, each a subquery, read them twice (ADR 065).
 */
const itemCountsOf = (courseId: SQL | number, userId: UserRef) =>
  sql`(select count(*) as total, count(*) filter (where ${itemCompleted('ci', userId)}) as completed from course_items ci where ci.course_id = ${courseId})`;

/** Whether the learner has done every item of the course, and it has at least one (`nonEmpty`). */
const everyItemDone = (courseId: SQL | number, userId: UserRef, { nonEmpty = false } = {}) =>
  sql`(select ${nonEmpty ? sql`counted.total > 0 and ` : sql``}counted.total = counted.completed from ${itemCountsOf(courseId, userId)} counted)`;

const courseIdColumn = sql`${courses.id}`;

/** A user id, or the placeholder a prepared query fills with one. */
type UserRef = number | Placeholder;

/** A stored text in the request's language, English when that translation is missing (localize above, in SQL). */
const localizedSql = (column: SQL | AnyPgColumn, lang: SQL | Placeholder | Language) => sql`coalesce(nullif(${column} ->> ${lang}::text, ''), ${column} ->> 'en', '')`;

/**
 * A course card, the contract's CourseCard, as JSON text written by PostgreSQL (ADR 044): the
 * server sends it as it is, instead of reading fifteen columns a card through postgres.js and
 * Drizzle, shaping them and writing them out again (a third of a list request's CPU). The status is
 * the learner's enrolment (not_enrolled without one); the progress is 0..100 of the items done,
 * rounded down, for an enrolment in progress, 100 for a completed enrolment even if items were added
 * after, and 0 without an enrolment (the card shows no progress then). With `counts` (the course
 * page) the card also says how many items there are and how many are done, enrolled or not.
 */
function cardJson(userId: UserRef, lang: Placeholder | Language, { counts = false } = {}): SQL<string> {
  // row_to_json names each field by its column's alias; it costs PostgreSQL about half what
  // json_build_object does (1.6 µs a card, not 2.7). The department's name is looked up for the
  // card, so only for the page's rows: a join in the list read it for every matching course before
  // the sort (397 searched courses for 12 cards on the large data set, ADR 046). `offset 0` keeps
  // the `mine` subquery from being pulled up into the card: pulled up, each use of mine.status and
  // mine.total was a subplan of its own, so the enrolment and the item count were read twice a card
  // (PostgreSQL's CPU per course list 8% lower without, ADR 054).
  return sql<string>`(select row_to_json(card)::text from (select
      ${courses.id}::text as id,
      ${localizedSql(courses.title, lang)} as title,
      ${courses.kind} as kind,
      (select ${localizedSql(sql`d.name`, lang)} from departments d where d.id = ${courses.departmentId}) as department,
      ${isoTimestampSql(courses.publishedAt)} as published_at,
      ${courses.enrolmentCount} as enrolment_count,
      ${courses.clicks} as clicks,
      ${courses.likeCount} as likes,
      exists (select 1 from course_likes ml where ml.course_id = ${courses.id} and ml.user_id = ${userId}) as liked,
      coalesce(${courses.coverUrl}, ${DEFAULT_COVER_URL}::text) as cover_url,
      ${courses.cpdHours} as cpd_hours,
      mine.status,
      ${counts ? sql`${progressOf(sql`mine.total`, sql`mine.completed`)} as progress, mine.completed as completed_items, mine.total as total_items` : sql`${listProgress(userId)} as progress`}
    from (select coalesce((select me.status from course_enrolments me where me.course_id = ${courses.id} and me.user_id = ${userId}), 'not_enrolled') as status
      ${counts ? sql`, counted.total, counted.completed from ${itemCountsOf(courseIdColumn, userId)} counted` : sql``} offset 0) mine) card)`;
}

/** The card's progress from the course's item count and the learner's items done (mine.status in scope). */
const progressOf = (total: SQL, completed: SQL) =>
  sql`case when mine.status = 'completed' then 100 when mine.status = 'not_enrolled' or ${total} = 0 then 0 else least(100, ${completed} * 100 / ${total}) end`;

/**
 * A list card's progress (ADR 055): the items are counted only for an enrolment in progress. A
 * catalogue page is mostly courses the learner is not enrolled in, or has completed, and counting
 * their items and the learner's items done was two thirds of PostgreSQL's subplans per card.
 * PostgreSQL runs a subquery in a CASE branch only when that branch is taken.
 */
const listProgress = (userId: UserRef) =>
  sql`case mine.status when 'in_progress' then (select ${progressOf(sql`counted.total`, sql`counted.completed`)} from ${itemCountsOf(courseIdColumn, userId)} counted) when 'completed' then 100 else 0 end`;

/** Published courses only: a course with a later published_at is not shown to learners yet. */
export const publishedCourse = (now: Date) => lte(courses.publishedAt, now);

/** What a list query's shape depends on: the list and which filters are present, not their values. */
interface ListShape {
  list: CourseList;
  kind: boolean;
  /** A department id, a department name (any language), or none. */
  department: 'id' | 'name' | null;
  q: boolean;
  status: boolean;
  /** The "all" list's order is its titles in this language (an index each, ADR 042); null for the others. */
  orderLang: Language | null;
}

function shapeOf(list: CourseList, query: CourseListQuery, lang: Language): ListShape {
  const department = query.department ? (/^\d{1,18}$/.test(query.department) ? 'id' : 'name') : null;
  return {
    list,
    kind: list === 'recommended' || Boolean(query.kind),
    department,
    q: Boolean(query.q),
    status: list === 'mine' && Boolean(query.status),
    orderLang: list === 'all' ? lang : null,
  };
}

const placeholder = sql.placeholder;

/** The WHERE of a list of this shape; its values come from placeholders (valuesOf below). */
function filtersOf(shape: ListShape): SQL[] {
  const where: SQL[] = [lte(courses.publishedAt, placeholder('now'))];
  if (shape.kind) where.push(eq(courses.kind, placeholder('kind')));
  // The filter's value is a department id from GET courses/departments; a name (any language) works too.
  if (shape.department === 'id') where.push(eq(courses.departmentId, placeholder('department')));
  if (shape.department === 'name') {
    where.push(or(...(['en', 'zh', 'cn'] as const).map((lang) => sql`lower(${departments.name} ->> ${lang}::text) = lower(${placeholder('department')})`))!);
  }
  // One stored text of the six fields, under a trigram index (migration 0018, ADR 040).
  // The text is stored in lower case (migration 0022, ADR 046): `like` with the pattern in lower case.
  // The pattern lowered once per statement (an InitPlan), not once per text checked: a generic
  // plan cannot fold lower($n), and it was 5% of a search's PostgreSQL CPU (ADR 055).
  if (shape.q) where.push(like(courses.searchText, sql`(select lower(${placeholder('pattern')}))`));
  if (shape.list === 'mine') {
    where.push(eq(courseEnrolments.userId, placeholder('userId')));
    if (shape.status) where.push(eq(courseEnrolments.status, placeholder('status')));
  }
  return where;
}

/** A list's order: its keys, each ascending or descending. */
interface OrderKey {
  key: SQL | AnyPgColumn;
  descending: boolean;
}

function orderKeysOf(shape: ListShape): OrderKey[] {
  const up = (key: SQL | AnyPgColumn) => ({ key, descending: false });
  const down = (key: SQL | AnyPgColumn) => ({ key, descending: true });
  switch (shape.list) {
    case 'all':
      // The language as a literal, not a placeholder: courses_title_<lang>_idx then gives the order.
      return [up(sql`(${courses.title} ->> ${sql.raw(`'${LANGUAGES.find((l) => l === shape.orderLang) ?? 'en'}'`)})`), up(courses.id)];
    case 'ranking':
      // courses_ranking_idx gives the first two keys (migration 0021, ADR 046): the page reads the
      // top courses in order and sorts their ties by clicks and id (an incremental sort).
      return [down(courses.enrolmentCount), down(courses.likeCount), down(courses.clicks), up(courses.id)];
    case 'mine':
      return [down(courseEnrolments.enrolledAt), down(courses.id)];
    default:
      return [down(courses.publishedAt), down(courses.id)];
  }
}

const orderBy = (keys: OrderKey[]) => keys.map(({ key, descending }) => (descending ? sql`${key} desc` : sql`${key} asc`));

/**
 * The total of a list of every published course (of one kind, of one department by its id) from
 * course_counts (ADR 051): the counter rows, less the courses dated in the future, which are few (an
 * index range scan of published_at). Counting the published courses themselves read 1,994 index
 * entries per page on the large data set. Null for the lists it cannot count: a learner's own
 * courses, a search, a department named rather than given by its id.
 */
function countedByCounters(shape: ListShape): SQL<number> | null {
  if (shape.list === 'mine' || shape.q || shape.department === 'name') return null;
  const counted: SQL[] = [];
  const future: SQL[] = [sql`f.published_at > ${placeholder('now')}`];
  if (shape.kind) {
    counted.push(sql`cc.kind = ${placeholder('kind')}`);
    future.push(sql`f.kind = ${placeholder('kind')}`);
  }
  if (shape.department === 'id') {
    counted.push(sql`cc.department_id = ${placeholder('department')}`);
    future.push(sql`f.department_id = ${placeholder('department')}`);
  }
  const where = counted.length > 0 ? sql` where ${sql.join(counted, sql` and `)}` : sql``;
  return sql<number>`((select coalesce(sum(cc.courses), 0) from course_counts cc${where}) - (select count(*) from courses f where ${sql.join(future, sql` and `)}))`;
}

/**
 * The page of a list filtered by a text (`q`). A search reads every match anyway (its trigram index
 * gives no order), so it counts them in that same read, a window over the matches, instead of a
 * second bitmap scan that checks each text again (ADR 046: 0.6–0.8 ms, not 1.4–1.5, at 397
 * matches). The window and the sort carry only the id and the list's order keys; the page's rows
 * are then read again by id for their cards and put in the same order. Carrying the whole course
 * row (its titles and descriptions in three languages) through the window and the sort was a third
 * of PostgreSQL's CPU per search (ADR 055).
 */
function searchPage(db: Db, shape: ListShape, where: SQL | undefined, card: SQL<string>) {
  const keys = orderKeysOf(shape);
  const matched = db
    .select({
      id: sql<number>`${courses.id}`.as('match_id'),
      total: sql<number>`count(*) over ()`.as('match_total'),
      ...Object.fromEntries(keys.map(({ key }, i) => [`k${i}`, sql`${key}`.as(`match_k${i}`)])),
    })
    .from(courses);
  const byName = shape.department === 'name' ? matched.innerJoin(departments, eq(departments.id, courses.departmentId)) : matched;
  const matches = (shape.list === 'mine' ? byName.innerJoin(courseEnrolments, eq(courseEnrolments.courseId, courses.id)) : byName)
    .where(where)
    .orderBy(...orderBy(keys))
    .limit(placeholder('limit'))
    .offset(placeholder('offset'))
    .as('matches');
  // The order keys' fields (k0, k1, …) are named at run time, so their type is not known here.
  const matchKey = (i: number) => (matches as unknown as Record<string, SQL.Aliased>)[`k${i}`];
  return db
    .select({ card, total: sql<number>`${matches.total}`.mapWith(Number) })
    .from(matches)
    .innerJoin(courses, eq(courses.id, matches.id))
    .orderBy(...orderBy(keys.map(({ descending }, i) => ({ key: sql`${matchKey(i)}`, descending }))));
}

/**
 * The count and the page of one list shape, built once per database and shape (at most 4 lists × 2⁴
 * filter sets) and run as prepared queries: building this SQL (the card's subqueries) took a tenth
 * of a list request's CPU (ADR 037).
 */
function prepareList(db: Db, shape: ListShape, name: string) {
  const where = and(...filtersOf(shape));
  const enrolmentJoin = eq(courseEnrolments.courseId, courses.id);
  // Every course has its department (a foreign key, not null): the count joins it only to filter by
  // its name, and otherwise counts the courses alone (an index-only scan of published_at, ADR 042).
  const counted = db.select({ total: count() }).from(courses);
  const countQuery = shape.department === 'name' ? counted.innerJoin(departments, eq(departments.id, courses.departmentId)) : counted;
  const mine = shape.list === 'mine';
  const totalQuery = (mine ? countQuery.innerJoin(courseEnrolments, enrolmentJoin) : countQuery).where(where);
  const card = cardJson(placeholder('userId'), placeholder('lang'));
  if (shape.q) return { count: totalQuery.prepare(`${name}_count`), rows: searchPage(db, shape, where, card).prepare(`${name}_rows`) };
  // The page carries the list's total on each row: an uncorrelated subquery, which PostgreSQL runs
  // once (an InitPlan). One round trip and one statement instead of two (ADR 043); only a page past
  // the end, which has no row, asks for the count alone.
  const total = countedByCounters(shape) ?? sql<number>`(${totalQuery})`;
  const selected = db.select({ card, total: total.mapWith(Number) }).from(courses);
  // Joined only to filter by its name: the card looks the name up for the page's rows alone.
  const rowsQuery = shape.department === 'name' ? selected.innerJoin(departments, eq(departments.id, courses.departmentId)) : selected;
  return {
    count: totalQuery.prepare(`${name}_count`),
    rows: (mine ? rowsQuery.innerJoin(courseEnrolments, enrolmentJoin) : rowsQuery)
      .where(where)
      .orderBy(...orderBy(orderKeysOf(shape)))
      .limit(placeholder('limit'))
      .offset(placeholder('offset'))
      .prepare(`${name}_rows`),
  };
}

const listQueries = new WeakMap<Db, Map<string, ReturnType<typeof prepareList>>>();

function listQueryOf(db: Db, shape: ListShape) {
  let byShape = listQueries.get(db);
  if (!byShape) listQueries.set(db, (byShape = new Map()));
  const key = JSON.stringify(shape);
  let prepared = byShape.get(key);
  if (!prepared) byShape.set(key, (prepared = prepareList(db, shape, `course_list_${byShape.size}`)));
  return prepared;
}

/** One of the catalogue lists (SPEC §2 course pages), paged, texts in `lang`, progress of `userId`. */
export async function listCourses(
  db: Db,
  list: CourseList,
  query: CourseListQuery,
  { userId, lang, now }: { userId: number; lang: Language; now: Date },
): Promise<JsonText<CourseListResponse>> {
  const shape = shapeOf(list, query, lang);
  const prepared = listQueryOf(db, shape);
  const values = {
    now: now.toISOString(),
    kind: list === 'recommended' ? 'recommended' : (query.kind ?? null),
    department: shape.department === 'id' ? Number(query.department) : (query.department ?? null),
    pattern: query.q ? searchPattern(query.q) : null,
    status: query.status ?? null,
    userId,
  };
  const { limit, offset } = paging(query.page, query.per_page);
  const rows = await prepared.rows.execute({ ...values, lang, limit, offset });
  const total = rows[0]?.total ?? (offset === 0 ? 0 : (await prepared.count.execute(values))[0].total);
  return pagedJsonText(rows.map((r) => r.card), { page: query.page, per_page: query.per_page, total });
}

export async function listDepartments(db: Db, lang: Language): Promise<DepartmentList> {
  const rows = await db.select().from(departments).orderBy(asc(departments.id));
  return rows.map((d) => ({ id: String(d.id), name: localize(d.name, lang) }));
}

/** The published course, or undefined (unknown and not yet published look the same to a learner). */
export async function findPublishedCourse(db: Tx, courseId: number, now: Date) {
  const [row] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.id, courseId), publishedCourse(now)));
  return row;
}

/**
 * The detail's queries, built once per database and run as prepared statements (ADR 037): building
 * their SQL (the item-completion subqueries) was a fifth of the detail's CPU in the load profile.
 */
function prepareDetail(db: Db) {
  const courseId = placeholder('courseId');
  const userId = placeholder('userId');
  return {
    click: db
      .update(courses)
      .set({ clicks: sql`${courses.clicks} + 1` })
      .where(and(eq(courses.id, courseId), lte(courses.publishedAt, placeholder('now'))))
      .returning({ id: courses.id })
      .prepare('course_detail_click'),
    card: db
      .select({
        card: cardJson(userId, placeholder('lang'), { counts: true }),
        description: courses.description,
        completedAt: sql<string | null>`(select me.completed_at from course_enrolments me where me.course_id = ${courses.id} and me.user_id = ${userId})`,
      })
      .from(courses)
      .where(eq(courses.id, courseId))
      .prepare('course_detail_card'),
    lessons: db.select().from(lessons).where(eq(lessons.courseId, courseId)).orderBy(asc(lessons.position), asc(lessons.id)).prepare('course_detail_lessons'),
    items: db
      .select({
        item: courseItems,
        attachment: attachments,
        finished: sql<boolean>`(${attachmentProgress.finishedAt} is not null)`,
        completed: sql<boolean>`${itemCompleted('"course_items"', userId)}`,
        // The sums of the learner's records, kept by triggers (ADR 052).
        itemDuration: sql`coalesce((select s.seconds from item_seconds s where s.user_id = ${userId} and s.item_id = ${courseItems.id}), 0)`.mapWith(Number),
        attachmentDuration: sql`coalesce((select s.seconds from attachment_seconds s where s.user_id = ${userId} and s.attachment_id = ${courseItems.attachmentId}), 0)`.mapWith(Number),
      })
      .from(courseItems)
      .leftJoin(attachments, eq(attachments.id, courseItems.attachmentId))
      .leftJoin(attachmentProgress, and(eq(attachmentProgress.attachmentId, courseItems.attachmentId), eq(attachmentProgress.userId, userId)))
      .where(eq(courseItems.courseId, courseId))
      .orderBy(asc(courseItems.position), asc(courseItems.id))
      .prepare('course_detail_items'),
  };
}

const detailQueries = preparedPerDatabase(prepareDetail);

/** GET courses/{id}: counts a click, then answers the card, lessons and the learner's progress. */
export async function courseDetail(db: Db, courseId: number, { userId, lang, now }: { userId: number; lang: Language; now: Date }): Promise<CourseDetail | null> {
  const prepared = detailQueries(db);
  const clicked = await prepared.click.execute({ courseId, now: now.toISOString() });
  if (clicked.length === 0) return null;
  const values = { courseId, userId, lang };
  // The three reads at once, pipelined on the statement connections (ADR 044): one round trip of waiting.
  const [[card], lessonRows, itemRows] = await Promise.all([prepared.card.execute(values), prepared.lessons.execute(values), prepared.items.execute(values)]);

  const lessonList: Lesson[] = lessonRows.map((l) => ({
    id: String(l.id),
    title: localize(l.title, lang),
    items: itemRows
      .filter((r) => r.item.lessonId === l.id)
      .map(({ item, attachment, finished, completed, itemDuration, attachmentDuration }) => ({
        id: String(item.id),
        title: localize(item.title, lang),
        kind: item.kind,
        body: item.kind === 'reading' ? localize(item.body, lang) : '',
        required_seconds: item.kind === 'attachment' ? 0 : item.requiredSeconds,
        duration: itemDuration + (attachment ? attachmentDuration : 0),
        attachment: attachment ? attachmentSummaryOf(attachment, Boolean(finished)) : null,
        completed: Boolean(completed),
      })),
  }));
  const { description, completedAt } = card;
  return {
    ...(JSON.parse(card.card) as CourseCard & Pick<CourseDetail, 'completed_items' | 'total_items'>),
    description: localize(description, lang),
    lessons: lessonList,
    // A subquery's timestamp comes back as PostgreSQL's text (PGlite: maybe a Date): read as an instant.
    completed_at: completedAt ? new Date(completedAt).toISOString() : null,
  };
}

/** Enrols the learner (idempotent), then completes the enrolment if every item is already done. */
export async function enrol(db: Tx, userId: number, courseId: number, now: Date): Promise<void> {
  await db.insert(courseEnrolments).values({ userId, courseId, enrolledAt: now }).onConflictDoNothing();
  await refreshCompletion(db, userId, courseId, now);
}

export async function likeCourse(db: Db, userId: number, courseId: number, liked: boolean): Promise<void> {
  if (liked) await db.insert(courseLikes).values({ userId, courseId }).onConflictDoNothing();
  else await db.delete(courseLikes).where(and(eq(courseLikes.userId, userId), eq(courseLikes.courseId, courseId)));
}

/** Issue 13 (ADR 025): every quiz and examination of the course has a passed attempt of the learner (true when it has none). */
const everyQuizPassed = (courseId: number, userId: number) =>
  sql`not exists (select 1 from quizzes q where q.course_id = ${courseId} and not exists (select 1 from quiz_attempts a where a.quiz_id = q.id and a.user_id = ${userId} and a.pass))`;

/** Whether the learner has completed every lesson item of the course (a course without items: true). */
export async function allItemsCompleted(tx: Tx, userId: number, courseId: number): Promise<boolean> {
  const [row] = await tx
    .select({ done: sql<boolean>`${everyItemDone(courseId, userId)}` })
    .from(courses)
    .where(eq(courses.id, courseId));
  return Boolean(row?.done);
}

/**
 * Completes the learner's enrolment when every item of the course is complete (a course without
 * items never completes) and every quiz or examination of it is passed (issue 13). Completion is final: a completed enrolment is never reopened. Does not
 * enrol by itself.
 */
export async function refreshCompletion(tx: Tx, userId: number, courseId: number, now: Date = new Date()): Promise<boolean> {
  const enrolment = and(eq(courseEnrolments.userId, userId), eq(courseEnrolments.courseId, courseId));
  // Two last pieces arriving together (a reading's time and an attachment's finish) would each miss
  // the other's uncommitted row: locking the enrolment makes the later one wait and then see both
  // (the next statement takes a fresh snapshot under READ COMMITTED).
  await tx.select({ status: courseEnrolments.status }).from(courseEnrolments).where(enrolment).for('update');
  const done = await tx
    .update(courseEnrolments)
    .set({ status: 'completed', completedAt: now })
    .where(
      and(
        enrolment,
        eq(courseEnrolments.status, 'in_progress'),
        sql`${everyItemDone(courseId, userId, { nonEmpty: true })}`,
        sql`${everyQuizPassed(courseId, userId)}`,
      ),
    )
    .returning({ courseId: courseEnrolments.courseId });
  return done.length > 0;
}

export async function isCourseCompleted(tx: Tx, userId: number, courseId: number): Promise<boolean> {
  const [row] = await tx
    .select({ status: courseEnrolments.status })
    .from(courseEnrolments)
    .where(and(eq(courseEnrolments.userId, userId), eq(courseEnrolments.courseId, courseId)));
  return row?.status === 'completed';
}

/**
 * Seconds the learner has on screen in a course: its items' and its attachments' records, summed by
 * the triggers into course_seconds (migration 0026, ADR 057), one row instead of every record.
 */
export async function courseDuration(tx: Tx, userId: number, courseId: number): Promise<number> {
  const [row] = await tx
    .select({ total: courseSeconds.seconds })
    .from(courseSeconds)
    .where(and(eq(courseSeconds.userId, userId), eq(courseSeconds.courseId, courseId)));
  return Number(row?.total ?? 0);
}
