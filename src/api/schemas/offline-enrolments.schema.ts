import { z } from 'zod/mini';
import { text } from './bounds.schema';
import { pageNumber, perPage } from './courses.schema';
import { myOfflineEnrolmentSchema, offlineEnrolmentStatusSchema } from './offline-courses.schema';
import { pagedResponseSchema } from './paged.schema';

// Offline enrolments (issue 14, ADR 031): pending and confirmed hold a seat; waiting is the waiting list.

/** Why an enrolment or a cancel was refused (the message, translated, says it to people). */
export const OFFLINE_ERROR_CODE = {
  offlinePrerequisiteNotMet: 'OfflinePrerequisiteNotMet',
  offlineEnrolmentClosed: 'OfflineEnrolmentClosed',
  offlineAlreadyEnrolled: 'OfflineAlreadyEnrolled',
  offlineNoQuota: 'OfflineNoQuota',
  offlineCancelClosed: 'OfflineCancelClosed',
  offlineNotCancellable: 'OfflineNotCancellable',
  offlineWrongCode: 'OfflineWrongCode',
  offlineSessionNotOpen: 'OfflineSessionNotOpen',
  offlineNotEnrolled: 'OfflineNotEnrolled',
  offlineAttendanceState: 'OfflineAttendanceState',
} as const;
export type OfflineErrorCode = (typeof OFFLINE_ERROR_CODE)[keyof typeof OFFLINE_ERROR_CODE];

/** POST /api/offline_courses/:id/enrolments. */
export const enrolPayloadSchema = z.object({
  /** SPEC §5: the terms and conditions (with the impersonation warning) must be accepted. */
  terms_accepted: z.literal(true, { error: 'validation:terms_required' }),
  /** When no seat is left: true joins the waiting list, absent or false answers 409 (no quota left). */
  join_waiting_list: z.optional(z.boolean({ error: 'validation:flag_invalid' })),
});
export type EnrolPayload = z.infer<typeof enrolPayloadSchema>;

/** One of the caller's enrolments with its course (the /offline "my enrolments" and history). */
export const offlineEnrolmentSchema = z.object({
  ...myOfflineEnrolmentSchema.shape,
  course_id: z.string(),
  course_title: z.string(),
  venue: z.string(),
  /** The course's first session start; null without sessions. */
  starts_at: z.nullable(z.string()),
  cancel_deadline: z.string(),
});
export type OfflineEnrolment = z.infer<typeof offlineEnrolmentSchema>;

/** GET /api/offline_enrolments: the caller's enrolments, newest request first; `status` filters. */
export const myOfflineEnrolmentsQuerySchema = z.object({
  status: z.optional(offlineEnrolmentStatusSchema),
  page: pageNumber,
  per_page: perPage,
});
export type MyOfflineEnrolmentsQuery = z.infer<typeof myOfflineEnrolmentsQuerySchema>;

export const offlineEnrolmentListResponseSchema = pagedResponseSchema(offlineEnrolmentSchema);
export type OfflineEnrolmentListResponse = z.infer<typeof offlineEnrolmentListResponseSchema>;

/** POST /api/offline_sessions/:id/check_in and check_out: the code the trainer's screen shows. */
// Spaces and dashes are allowed (a code read off the screen in two halves); the server ignores them.
export const checkCodePayloadSchema = z.object({
  code: text({ error: 'validation:check_code_invalid' }).check(z.trim(), z.regex(/^[A-Za-z0-9][A-Za-z0-9 -]{0,19}$/, { error: 'validation:check_code_invalid' })),
});
export type CheckCodePayload = z.infer<typeof checkCodePayloadSchema>;

/** The caller's attendance of a session (SPEC §5 check-in and check-out). */
export const attendanceSchema = z.object({
  session_id: z.string(),
  checked_in_at: z.string(),
  checked_out_at: z.nullable(z.string()),
  /** Check-out − check-in, within the session, in whole minutes; 0 until checked out. */
  attended_minutes: z.int(),
});
export type Attendance = z.infer<typeof attendanceSchema>;
