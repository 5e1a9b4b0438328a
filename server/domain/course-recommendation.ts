import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { CourseRecommendationResult } from '../../src/api/schemas/course-recommendation.schema';
import type { Db } from '../db/client';
import { accountMerges, courseRecommendations, courses, users, type UserRole } from '../db/schema';
import { HttpError } from '../http/errors';
import { publishedCourse } from './courses';
import { notifyWithMessage } from './notification-messages';

// Issue 48, ADR 103: a learner recommends a course they can see (a published one) to colleagues.
// Each new recipient gets one recommendation notification from the sender, about the course, in
// their own language when they read it; it names the sender and the course, never the other
// recipients. A (course, sender, recipient) is recommended once: a repeat, a replay or two requests
// at once meet at the table's unique key and send nothing more.

/** Who may receive a recommendation: the learners (agents, managers, recruits), not auditors or trainers. */
export const RECOMMENDATION_RECIPIENT_ROLES: readonly UserRole[] = ['agent', 'manager', 'recruit'];

export async function recommendCourse(db: Db, senderId: number, courseId: number, userIds: number[], now: Date): Promise<CourseRecommendationResult> {
  const [course] = await db
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(and(eq(courses.id, courseId), publishedCourse(now)));
  // Unknown and not yet published look the same to a learner.
  if (!course) throw new HttpError(404, 'server:course_not_found');
  const wanted = [...new Set(userIds)];
  if (wanted.includes(senderId)) throw new HttpError(400, 'server:course_recommendation_self');
  const found = await db.select({ id: users.id, name: users.name, role: users.role }).from(users).where(inArray(users.id, wanted));
  if (found.length !== wanted.length) throw new HttpError(400, 'server:course_recommendation_recipient_unknown');
  // A recruit account merged into an agent's is closed (issue 43): it is no one's inbox any more.
  const closed = await db
    .select({ id: accountMerges.recruitId })
    .from(accountMerges)
    .where(and(inArray(accountMerges.recruitId, wanted), isNull(accountMerges.undoneAt)));
  const refused = found.find((u) => !RECOMMENDATION_RECIPIENT_ROLES.includes(u.role) || closed.some((c) => c.id === u.id));
  if (refused) throw new HttpError(400, 'server:course_recommendation_recipient_not_learner', { userName: refused.name });
  const [sender] = await db.select({ name: users.name }).from(users).where(eq(users.id, senderId));

  return db.transaction(async (tx) => {
    const fresh = await tx
      .insert(courseRecommendations)
      .values(wanted.map((recipientId) => ({ courseId, senderId, recipientId, createdAt: now })))
      .onConflictDoNothing()
      .returning({ id: courseRecommendations.id, recipientId: courseRecommendations.recipientId });
    for (const row of fresh) {
      const notificationId = await notifyWithMessage(
        tx,
        row.recipientId,
        {
          titleKey: 'server:notification_recommendation_title',
          bodyKey: 'server:notification_colleague_recommendation_body',
          params: { userName: sender.name, courseName: course.title },
        },
        now,
        { kind: 'recommendation', sender: sender.name, courseId },
      );
      await tx.update(courseRecommendations).set({ notificationId }).where(eq(courseRecommendations.id, row.id));
    }
    return { recommended: fresh.length, already_recommended: wanted.length - fresh.length };
  });
}
