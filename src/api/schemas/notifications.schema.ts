import { z } from 'zod/mini';
import { pageNumber, perPage } from './courses.schema';
import { pagedResponseSchema } from './paged.schema';

// Notifications (SPEC §2 the notification page and its red dot, §3 kinds): what the server wrote
// for the signed-in user, newest first, in the request's language; reading one marks it read.

/** SPEC §3 notification kinds (the server's notifications table holds the same list), and a
 * manager's or the waiting list's decision on a classroom enrolment (issue 43: its own kind). */
export const NOTIFICATION_KINDS = [
  'recommendation',
  'enrolment_decision',
  'reply',
  'system_notice',
  'assignment_due_date',
  'marking_reminder',
  'learning_map_incomplete',
  'marking_done',
  'submission_completed',
  // Issue 45: the upline's decision on a CPD claim (ADR 086).
  'cpd_claim_decision',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** GET notifications?filter=unread: the unread ones only; without it every notification. */
export const notificationsQuerySchema = z.object({
  filter: z.optional(z.enum(['all', 'unread'], { error: 'validation:notification_filter_invalid' })),
  page: pageNumber,
  per_page: perPage,
});
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

/** What a notification is about, so the list leads there: an e-learning course (/course/:id) or a
 * classroom course, whose page shows the learner's enrolment in it (/offline/:id); null: nothing. */
export const notificationAboutSchema = z.nullable(
  z.object({
    type: z.enum(['course', 'offline_course']),
    id: z.string(),
  }),
);
export type NotificationAbout = z.infer<typeof notificationAboutSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** Who it comes from as shown to the learner (e.g. 'Administrator'); null for the system. */
  sender: z.nullable(z.string()),
  title: z.string(),
  body: z.string(),
  created_at: z.string(),
  read: z.boolean(),
  about: notificationAboutSchema,
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListResponseSchema = pagedResponseSchema(notificationSchema);
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

/** The answer of marking read: the user's unread count after it (the red dot's, as users/current's). */
export const notificationsReadResponseSchema = z.object({ unread_notifications_count: z.int().check(z.nonnegative()) });
export type NotificationsReadResponse = z.infer<typeof notificationsReadResponseSchema>;
