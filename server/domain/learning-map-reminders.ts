import { and, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { courses, learningMapAssignments, learningMapItems, learningMapRemindersSent, learningMaps, offlineCourses, type LocalizedText } from '../db/schema';
import { dueEndsAt, reminderThreshold, REMINDER_THRESHOLDS } from './learning-map-rules';
import { judgedMapsOf } from './learning-map';
import { notifyWithMessage } from './notification-messages';

// Issue 47, ADR 098: "learning map incomplete" (SPEC §3). An item still incomplete 7 days, then 1
// day, before its due day ends is told to the learner once per item and threshold. "Once" is a row
// of learning_map_reminders_sent inserted ON CONFLICT DO NOTHING before the notification is
// written: whichever process inserts it notifies; the others, and later runs, find it there
// (the pattern of cpd_reminders_sent, ADR 087).

const DAY_MS = 86_400_000;
const hkDay = (instant: number) => new Date(instant + 8 * 3_600_000).toISOString().slice(0, 10);

/** One run at `now` (the server's clock); safe in every process at once. Answers the notifications written. */
export async function runLearningMapReminders(db: Db, now: Date, log: (line: string) => void = () => {}): Promise<number> {
  // Due days whose end is within the widest threshold: from today's HK day to the day 7 days on.
  const from = hkDay(now.getTime());
  const until = hkDay(now.getTime() + Math.max(...REMINDER_THRESHOLDS) * DAY_MS);
  const dueSoon = (col: typeof learningMapItems.dueOn | typeof learningMaps.dueOn) => and(isNotNull(col), inArray(col, daysBetween(from, until)));
  const candidates = await db
    .selectDistinct({ userId: learningMapAssignments.userId, mapId: learningMaps.id })
    .from(learningMapAssignments)
    .innerJoin(learningMaps, eq(learningMaps.id, learningMapAssignments.mapId))
    .innerJoin(learningMapItems, eq(learningMapItems.mapId, learningMaps.id))
    .where(or(dueSoon(learningMapItems.dueOn), and(isNull(learningMapItems.dueOn), dueSoon(learningMaps.dueOn))));
  let sent = 0;
  for (const { userId, mapId } of candidates) {
    const [judged] = await judgedMapsOf(db, userId, now, 'en', mapId);
    if (!judged) continue;
    for (const item of judged.items) {
      if (item.due_on === null || item.state === 'completed' || item.state === 'completed_late' || item.state === 'expired') continue;
      const threshold = reminderThreshold(item.due_on, now);
      if (threshold === null) continue;
      const won = await db
        .insert(learningMapRemindersSent)
        .values({ userId, itemId: Number(item.id), threshold, sentAt: now })
        .onConflictDoNothing()
        .returning({ userId: learningMapRemindersSent.userId });
      if (won.length === 0) continue;
      const [titles] = await db.select({ title: learningMaps.title }).from(learningMaps).where(eq(learningMaps.id, mapId));
      const count = Math.ceil((dueEndsAt(item.due_on).getTime() - now.getTime()) / DAY_MS);
      await notifyWithMessage(
        db,
        userId,
        { titleKey: 'server:learning_map_incomplete_title', bodyKey: 'server:learning_map_incomplete_body', params: { item: await itemTitle(db, item.id), map: titles.title, dueOn: item.due_on, count } },
        now,
        { kind: 'learning_map_incomplete', ...(item.kind === 'course' ? { courseId: Number(item.course_id) } : { offlineCourseId: Number(item.course_id) }) },
      );
      sent += 1;
    }
  }
  if (sent > 0) log(`learning map reminders: ${sent} notification(s)`);
  return sent;
}

/** The item's course title in every language (the notification is read in the reader's). */
async function itemTitle(db: Db, itemId: string): Promise<LocalizedText> {
  const [row] = await db
    .select({ course: courses.title, offline: offlineCourses.title })
    .from(learningMapItems)
    .leftJoin(courses, eq(courses.id, learningMapItems.courseId))
    .leftJoin(offlineCourses, eq(offlineCourses.id, learningMapItems.offlineCourseId))
    .where(eq(learningMapItems.id, Number(itemId)));
  return (row?.course ?? row?.offline)!;
}

/** The HK days from `from` to `until`, both included (at most 8). */
function daysBetween(from: string, until: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${until}T00:00:00Z`); t += DAY_MS) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}
