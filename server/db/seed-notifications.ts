import { eq, sql } from 'drizzle-orm';
import { PRODUCT_TITLE } from '../../src/config/constants';
import { notifyWithMessage, type NotificationMessage, type NotificationSubject } from '../domain/notification-messages';
import type { Db } from './client';
import { DEMO_COURSES } from './fixtures/demo-courses';
import { DEMO_PAST_CLASSROOM } from './fixtures/demo-management';
import { notifications, offlineCourses } from './schema';

// agent01's demo notifications (3 unread, 1 read), written as the server writes them
// (notifyWithMessage: message keys, the reader's language) and linked to what they are about.
// Issue 43: only about what exists in the demo (no assignments or submissions yet): two
// recommendations that open their course, a maintenance notice, and the manager's decision on
// agent01's classroom enrolment, which opens that course's page.

const DAY = 86_400_000;

type DemoNotification = { message: NotificationMessage; daysAgo: number; read: boolean } & (
  | { about: 'course'; course: string; subject: Omit<NotificationSubject, 'courseId'> }
  | { about: 'classroom'; subject: Omit<NotificationSubject, 'offlineCourseId'> }
  | { about: 'nothing'; subject: NotificationSubject }
);

const courseTitle = (key: string) => DEMO_COURSES.find((c) => c.key === key)!.title;

const recommendation = (course: string, daysAgo: number): DemoNotification => ({
  about: 'course',
  course,
  subject: { kind: 'recommendation', sender: 'Administrator' },
  message: { titleKey: 'server:notification_recommendation_title', bodyKey: 'server:notification_recommendation_body', params: { courseName: courseTitle(course) } },
  daysAgo,
  read: false,
});

export const AGENT01_NOTIFICATIONS: DemoNotification[] = [
  recommendation('fna', 1),
  recommendation('consultative-selling', 2),
  {
    about: 'nothing',
    subject: { kind: 'system_notice' },
    message: { titleKey: 'server:notification_maintenance_title', bodyKey: 'server:notification_maintenance_body', params: { product: PRODUCT_TITLE, from: '02:00', to: '04:00' } },
    daysAgo: 3,
    read: false,
  },
  {
    // manager01 assigned agent01 to the classroom course held five days ago (demo-management.ts).
    about: 'classroom',
    subject: { kind: 'enrolment_decision' },
    message: { titleKey: 'server:management_assigned_title', bodyKey: 'server:management_assigned_body', params: { courseName: DEMO_PAST_CLASSROOM.title } },
    daysAgo: 10,
    read: true,
  },
];

/** Writes agent01's notifications; needs the courses and the management demo first. */
export async function seedNotifications(tx: Db, { courseIds, userId, now }: { courseIds: Map<string, number>; userId: (code: string) => number; now: number }): Promise<void> {
  const [classroom] = await tx
    .select({ id: offlineCourses.id })
    .from(offlineCourses)
    .where(eq(sql`${offlineCourses.title} ->> 'en'`, DEMO_PAST_CLASSROOM.title.en));
  const agent01 = userId('agent01');
  // Oldest first, so ids follow the dates as they do for notifications written live.
  for (const n of [...AGENT01_NOTIFICATIONS].sort((a, b) => b.daysAgo - a.daysAgo)) {
    const subject: NotificationSubject =
      n.about === 'course' ? { ...n.subject, courseId: courseIds.get(n.course)! } : n.about === 'classroom' ? { ...n.subject, offlineCourseId: classroom.id } : n.subject;
    await notifyWithMessage(tx, agent01, n.message, new Date(now - n.daysAgo * DAY), subject);
    if (n.read) {
      await tx
        .update(notifications)
        .set({ readAt: new Date(now - (n.daysAgo - 1) * DAY) })
        .where(sql`${notifications.id} = (select max(${notifications.id}) from ${notifications} where ${notifications.userId} = ${agent01})`);
    }
  }
}
