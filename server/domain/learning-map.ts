import { and, asc, eq, inArray, min } from 'drizzle-orm';
import type {
  LearningMapAssignResult,
  LearningMapCatalogue,
  LearningMapDetail,
  LearningMapItem,
  LearningMapList,
  LearningMapSummary,
} from '../../src/api/schemas/learning-map.schema';
import type { Language } from '../../src/config/constants';
import type { Db } from '../db/client';
import {
  courseEnrolments,
  courses,
  learningMapAssignments,
  learningMapItems,
  learningMaps,
  offlineAttendance,
  offlineCourses,
  offlineEnrolments,
  offlineSessions,
  users,
  type LearningMapAssignedBy,
} from '../db/schema';
import { API_ERROR_CODE } from '../../src/api/schemas/error.schema';
import { HttpError } from '../http/errors';
import { localize } from './courses';
import { isDone, itemStates, mapStatus, progressOf, type ItemRecord, type RuleItem } from './learning-map-rules';

// Issue 47, ADR 098: learning maps. The learner reads only maps assigned to them (every query is keyed
// by the caller's id; another's map answers 404); the states come from learning-map-rules.ts on the
// course records, judged at the server's `now`.

type MapRow = typeof learningMaps.$inferSelect;
type ItemRow = typeof learningMapItems.$inferSelect & { title: string };

/** The items of these maps in order, their course titles in `lang`. */
async function itemsOf(db: Db, mapIds: number[], lang: Language): Promise<Map<number, ItemRow[]>> {
  const out = new Map<number, ItemRow[]>();
  if (mapIds.length === 0) return out;
  const rows = await db
    .select({ item: learningMapItems, courseTitle: courses.title, offlineTitle: offlineCourses.title })
    .from(learningMapItems)
    .leftJoin(courses, eq(courses.id, learningMapItems.courseId))
    .leftJoin(offlineCourses, eq(offlineCourses.id, learningMapItems.offlineCourseId))
    .where(inArray(learningMapItems.mapId, mapIds))
    .orderBy(asc(learningMapItems.mapId), asc(learningMapItems.position));
  for (const r of rows) out.set(r.item.mapId, [...(out.get(r.item.mapId) ?? []), { ...r.item, title: localize(r.courseTitle ?? r.offlineTitle, lang) }]);
  return out;
}

const key = (kind: string, id: number | null) => `${kind}:${id}`;

/** What the records say about these courses for one learner, whenever it happened (ItemRecord). */
async function recordsOf(db: Db, userId: number, items: ItemRow[]): Promise<Map<string, ItemRecord>> {
  const courseIds = [...new Set(items.flatMap((i) => (i.courseId === null ? [] : [i.courseId])))];
  const offlineIds = [...new Set(items.flatMap((i) => (i.offlineCourseId === null ? [] : [i.offlineCourseId])))];
  const [online, seats, attended] = await Promise.all([
    courseIds.length
      ? db
          .select({ id: courseEnrolments.courseId, status: courseEnrolments.status, completedAt: courseEnrolments.completedAt })
          .from(courseEnrolments)
          .where(and(eq(courseEnrolments.userId, userId), inArray(courseEnrolments.courseId, courseIds)))
      : [],
    offlineIds.length
      ? db
          .select({ id: offlineEnrolments.courseId })
          .from(offlineEnrolments)
          .where(and(eq(offlineEnrolments.userId, userId), inArray(offlineEnrolments.courseId, offlineIds), inArray(offlineEnrolments.status, ['pending', 'confirmed', 'waiting'])))
      : [],
    offlineIds.length
      ? db
          .select({ id: offlineSessions.courseId, at: min(offlineAttendance.checkedOutAt) })
          .from(offlineAttendance)
          .innerJoin(offlineSessions, eq(offlineSessions.id, offlineAttendance.sessionId))
          .where(and(eq(offlineAttendance.userId, userId), inArray(offlineSessions.courseId, offlineIds)))
          .groupBy(offlineSessions.courseId)
      : [],
  ]);
  const out = new Map<string, ItemRecord>();
  for (const r of online) out.set(key('course', r.id), { started: true, completedAt: r.status === 'completed' ? r.completedAt : null });
  for (const r of seats) out.set(key('offline_course', r.id), { started: true, completedAt: null });
  // A classroom course is complete when the learner attended a session to its end (checked out).
  for (const r of attended) out.set(key('offline_course', r.id), { started: true, completedAt: r.at === null ? null : new Date(r.at) });
  return out;
}

const NO_RECORD: ItemRecord = { started: false, completedAt: null };

interface Judged {
  summary: LearningMapSummary;
  items: LearningMapItem[];
}

function judge(map: MapRow, assignedAt: Date, items: ItemRow[], records: Map<string, ItemRecord>, now: Date, lang: Language): Judged {
  const rule: RuleItem[] = items.map((i) => ({ requiresPrevious: i.requiresPrevious, dueOn: i.dueOn ?? map.dueOn }));
  const recs = items.map((i) => records.get(key(i.kind, i.courseId ?? i.offlineCourseId)) ?? NO_RECORD);
  const states = itemStates(rule, recs, now);
  const status = mapStatus(states);
  const finishedAt = status === 'finished' ? new Date(Math.max(...recs.map((r) => r.completedAt!.getTime()))).toISOString() : null;
  return {
    summary: {
      id: String(map.id),
      title: localize(map.title, lang),
      description: localize(map.description, lang),
      due_on: map.dueOn,
      status,
      progress: progressOf(states),
      items_total: items.length,
      items_done: states.filter(isDone).length,
      assigned_at: assignedAt.toISOString(),
      finished_at: finishedAt,
    },
    items: items.map((i, n) => ({
      id: String(i.id),
      position: i.position,
      kind: i.kind,
      course_id: String(i.courseId ?? i.offlineCourseId),
      title: i.title,
      requires_previous: i.requiresPrevious,
      due_on: rule[n].dueOn,
      completed_at: states[n] === 'completed' || states[n] === 'completed_late' ? recs[n].completedAt!.toISOString() : null,
      state: states[n],
    })),
  };
}

/** Every map assigned to the learner, judged at `now`. */
export async function judgedMapsOf(db: Db, userId: number, now: Date, lang: Language, mapId?: number): Promise<Judged[]> {
  const rows = await db
    .select({ map: learningMaps, assignedAt: learningMapAssignments.assignedAt })
    .from(learningMapAssignments)
    .innerJoin(learningMaps, eq(learningMaps.id, learningMapAssignments.mapId))
    .where(and(eq(learningMapAssignments.userId, userId), mapId === undefined ? undefined : eq(learningMaps.id, mapId)))
    .orderBy(asc(learningMapAssignments.assignedAt), asc(learningMaps.id));
  const items = await itemsOf(db, rows.map((r) => r.map.id), lang);
  const records = await recordsOf(db, userId, [...items.values()].flat());
  return rows.map((r) => judge(r.map, r.assignedAt, items.get(r.map.id) ?? [], records, now, lang));
}

/** GET /api/learning-map: the maps still to follow, then the history (finished or expired), newest first. */
export async function learningMapsFor(db: Db, userId: number, now: Date, lang: Language): Promise<LearningMapList> {
  const judged = (await judgedMapsOf(db, userId, now, lang)).map((j) => j.summary);
  const history = judged.filter((m) => m.status !== 'active').sort((a, b) => (b.finished_at ?? b.assigned_at).localeCompare(a.finished_at ?? a.assigned_at));
  return { maps: judged.filter((m) => m.status === 'active'), history };
}

/** GET /api/learning-map/:id: one of the learner's own maps with its items; another's, or none, 404. */
export async function learningMapOf(db: Db, userId: number, mapId: number, now: Date, lang: Language): Promise<LearningMapDetail> {
  const [found] = await judgedMapsOf(db, userId, now, lang, mapId);
  if (!found) throw new HttpError(404, 'server:learning_map_not_found');
  return { ...found.summary, items: found.items };
}

/** Managers only (SPEC §6: a manager has a manager_id), with this feature's own words. */
async function assertManager(db: Db, userId: number): Promise<void> {
  const [me] = await db.select({ managerId: users.managerId }).from(users).where(eq(users.id, userId));
  if (!me?.managerId) throw new HttpError(403, 'server:learning_map_managers_only', {}, { code: API_ERROR_CODE.forbidden });
}

/** Assigns the map to these users (once each: an assignment already there stays as it was). */
async function assign(db: Db, mapId: number, userIds: number[], source: LearningMapAssignedBy, assignedBy: number | null, now: Date): Promise<number[]> {
  if (userIds.length === 0) return [];
  const inserted = await db
    .insert(learningMapAssignments)
    .values(userIds.map((userId) => ({ mapId, userId, source, assignedBy, assignedAt: now })))
    .onConflictDoNothing()
    .returning({ userId: learningMapAssignments.userId });
  return inserted.map((r) => r.userId);
}

/** POST /api/learning-map/:id/assignments: a manager, to their own downlines only (403 otherwise). */
export async function assignLearningMap(db: Db, managerId: number, mapId: number, userIds: number[], now: Date): Promise<LearningMapAssignResult> {
  await assertManager(db, managerId);
  const [map] = await db.select({ id: learningMaps.id }).from(learningMaps).where(eq(learningMaps.id, mapId));
  if (!map) throw new HttpError(404, 'server:learning_map_not_found');
  const wanted = [...new Set(userIds)];
  const mine = await db.select({ id: users.id }).from(users).where(and(inArray(users.id, wanted), eq(users.uplineId, managerId)));
  if (mine.length !== wanted.length) throw new HttpError(403, 'server:learning_map_not_downline', {}, { code: API_ERROR_CODE.forbidden });
  const assigned = new Set(await assign(db, mapId, wanted, 'manager', managerId, now));
  return { assigned: wanted.filter((id) => assigned.has(id)).map(String), already: wanted.filter((id) => !assigned.has(id)).map(String) };
}

/** GET /api/learning-map/catalogue: the maps a manager may assign, their downlines, and who holds which. */
export async function learningMapCatalogue(db: Db, managerId: number, lang: Language): Promise<LearningMapCatalogue> {
  await assertManager(db, managerId);
  const [maps, downlines] = await Promise.all([
    db.select().from(learningMaps).orderBy(asc(learningMaps.id)),
    db.select({ id: users.id, name: users.name, code: users.externalId }).from(users).where(eq(users.uplineId, managerId)).orderBy(asc(users.name), asc(users.id)),
  ]);
  const items = await itemsOf(db, maps.map((m) => m.id), lang);
  const held = downlines.length
    ? await db
        .select({ mapId: learningMapAssignments.mapId, userId: learningMapAssignments.userId })
        .from(learningMapAssignments)
        .where(inArray(learningMapAssignments.userId, downlines.map((d) => d.id)))
    : [];
  return {
    maps: maps.map((m) => ({
      id: String(m.id),
      title: localize(m.title, lang),
      items_total: items.get(m.id)?.length ?? 0,
      due_on: m.dueOn,
      holders: held.filter((h) => h.mapId === m.id).map((h) => String(h.userId)),
    })),
    downlines: downlines.map((d) => ({ id: String(d.id), name: d.name, agent_code: d.code })),
  };
}

/** A new joiner's account was created: every map marked for new joiners is theirs. */
export async function assignNewJoinerMaps(db: Db, userId: number, now: Date): Promise<void> {
  const maps = await db.select({ id: learningMaps.id }).from(learningMaps).where(eq(learningMaps.forNewJoiners, true));
  for (const m of maps) await assign(db, m.id, [userId], 'new_joiner', null, now);
}

/** The seed's assignments (demo data). */
export const seedAssignment = (db: Db, mapId: number, userId: number, now: Date) => assign(db, mapId, [userId], 'seed', null, now);
