import { z } from 'zod/mini';
import { daySchema } from './day.schema';
import { optionalText, pageNumber, perPage } from './courses.schema';
import { pagedResponseSchema } from './paged.schema';

// Classroom (offline) courses (issue 14, ADR 031): SPEC §3 offline course display fields, texts in the
// request's language. The enrolment statuses and the caller's enrolment are offline-enrolments.schema.ts.

/** What an offline enrolment says (SPEC §3 statuses, plus the waiting list of issue 14). */
export const OFFLINE_ENROLMENT_STATUSES = ['pending', 'confirmed', 'rejected', 'waiting', 'cancelled'] as const;
export type OfflineEnrolmentStatus = (typeof OFFLINE_ENROLMENT_STATUSES)[number];
export const offlineEnrolmentStatusSchema = z.enum(OFFLINE_ENROLMENT_STATUSES);

/** Whether a learner can apply now: open (seats left), full (waiting list only), closed (before the application date or past the deadline). */
export const OFFLINE_AVAILABILITIES = ['open', 'full', 'closed'] as const;
export const offlineAvailabilitySchema = z.enum(OFFLINE_AVAILABILITIES);

/** GET /api/offline_courses: search and filter (SPEC §2 /offline), paged like every list. */
export const offlineCourseQuerySchema = z.object({
  /** Keyword in the title, description or remarks. */
  q: optionalText(100),
  /** Keyword in the venue. */
  venue: optionalText(100),
  /** Courses with a session on or after this day. */
  from: z.optional(daySchema),
  /** Courses with a session on or before this day (the whole day). */
  to: z.optional(daySchema),
  status: z.optional(offlineAvailabilitySchema),
  page: pageNumber,
  per_page: perPage,
});
export type OfflineCourseQuery = z.infer<typeof offlineCourseQuerySchema>;

/** A course as the /offline list shows it. Instants are ISO 8601. */
export const offlineCourseCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  venue: z.string(),
  /** The first session's start and the last one's end; null without sessions. */
  starts_at: z.nullable(z.string()),
  ends_at: z.nullable(z.string()),
  fee: z.number(),
  currency: z.string(),
  quota: z.int(),
  remaining_quota: z.int(),
  enrol_deadline: z.string(),
  needs_approval: z.boolean(),
  availability: offlineAvailabilitySchema,
  /** The caller's active or latest enrolment's status; null when never enrolled. */
  my_status: z.nullable(offlineEnrolmentStatusSchema),
});
export type OfflineCourseCard = z.infer<typeof offlineCourseCardSchema>;

export const offlineCourseListResponseSchema = pagedResponseSchema(offlineCourseCardSchema);
export type OfflineCourseListResponse = z.infer<typeof offlineCourseListResponseSchema>;

export const offlineSessionSchema = z.object({
  id: z.string(),
  title: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** When check-in and check-out are accepted (server clock). The codes are never sent to learners. */
  window_opens_at: z.string(),
  window_closes_at: z.string(),
  /** The caller's check-in and check-out of this session; null before checking in. */
  my_attendance: z.nullable(
    z.object({
      checked_in_at: z.string(),
      checked_out_at: z.nullable(z.string()),
      /** Check-out − check-in, within the session, in whole minutes; 0 until checked out. */
      attended_minutes: z.int(),
    }),
  ),
});
export type OfflineSession = z.infer<typeof offlineSessionSchema>;

export const offlineMaterialSchema = z.object({ id: z.string(), name: z.string(), type: z.string() });

/** One AND-ed group of prerequisites: any one of its courses completed meets it. */
export const prerequisiteGroupSchema = z.object({
  courses: z.array(z.object({ id: z.string(), title: z.string(), completed: z.boolean() })),
  met: z.boolean(),
});
export type PrerequisiteGroup = z.infer<typeof prerequisiteGroupSchema>;

/** The caller's enrolment as the course page shows it. */
export const myOfflineEnrolmentSchema = z.object({
  id: z.string(),
  status: offlineEnrolmentStatusSchema,
  requested_at: z.string(),
  decided_at: z.nullable(z.string()),
  decision_reason: z.nullable(z.string()),
  /** 1-based place in the waiting list while waiting; null otherwise. */
  waiting_position: z.nullable(z.int()),
  can_cancel: z.boolean(),
});
export type MyOfflineEnrolment = z.infer<typeof myOfflineEnrolmentSchema>;

/** GET /api/offline_courses/:id: every display field of SPEC §3 and the caller's enrolment. */
export const offlineCourseDetailSchema = z.object({
  ...offlineCourseCardSchema.shape,
  description: z.string(),
  initiator: z.string(),
  remarks: z.string(),
  enquiry_email: z.string(),
  duration_hours: z.number(),
  cpd_hours: z.number(),
  applications_open_at: z.string(),
  cancel_deadline: z.string(),
  sessions: z.array(offlineSessionSchema),
  materials: z.array(offlineMaterialSchema),
  /** AND-ed groups; empty when the course has none. */
  prerequisites: z.array(prerequisiteGroupSchema),
  prerequisites_met: z.boolean(),
  my_enrolment: z.nullable(myOfflineEnrolmentSchema),
});
export type OfflineCourseDetail = z.infer<typeof offlineCourseDetailSchema>;
