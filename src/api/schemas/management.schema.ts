import { z } from 'zod/mini';
import { MANAGER_ASSIGN_MAX_BATCH } from '../../config/constants';
import { idTextSchema, text } from './bounds.schema';
import { daySchema } from './day.schema';
import { optionalText, pageNumber, perPage } from './courses.schema';
import { offlineEnrolmentStatusSchema } from './offline-courses.schema';
import { pagedResponseSchema } from './paged.schema';

// The manager's pages (issue 14, SPEC §2 manager pages, §6 manager, §9 max 10 per batch): the
// downlines' enrolments to decide, manager-assigned enrolment and its history, the user report.

/** SPEC §9: manager-assigned enrolment, at most 10 downlines per batch. */
export const MAX_ASSIGN_BATCH = MANAGER_ASSIGN_MAX_BATCH;

export const MANAGED_LISTS = ['pending', 'confirmed', 'rejected'] as const;
export type ManagedList = (typeof MANAGED_LISTS)[number];

/** GET /api/management/enrolments: one of the three lists, searched by learner or course. */
export const managedEnrolmentsQuerySchema = z.object({
  list: z.enum(MANAGED_LISTS, { error: 'validation:enrolment_list_invalid' }),
  /** The learner's name or agent code, or the course's title. */
  q: optionalText(100),
  page: pageNumber,
  per_page: perPage,
});
export type ManagedEnrolmentsQuery = z.infer<typeof managedEnrolmentsQuerySchema>;

/** A downline's enrolment as the manager sees it. */
export const managedEnrolmentSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  user_name: z.string(),
  agent_code: z.string(),
  course_id: z.string(),
  course_title: z.string(),
  /** The course's first session start; null without sessions. */
  starts_at: z.nullable(z.string()),
  status: offlineEnrolmentStatusSchema,
  source: z.enum(['learner', 'manager']),
  requested_at: z.string(),
  decided_at: z.nullable(z.string()),
  /** The rejection's reason. */
  reason: z.nullable(z.string()),
  remaining_quota: z.int(),
  /** Why a pending one cannot be approved now (no seat left), translated; null when it can. */
  blocked: z.nullable(z.string()),
});
export type ManagedEnrolment = z.infer<typeof managedEnrolmentSchema>;

export const managedEnrolmentListSchema = pagedResponseSchema(managedEnrolmentSchema);
export type ManagedEnrolmentList = z.infer<typeof managedEnrolmentListSchema>;

/** POST /api/management/enrolments/:id/reject. */
export const rejectPayloadSchema = z.object({
  reason: text({ error: 'validation:reject_reason_required' }).check(
    z.trim(),
    z.minLength(1, { error: 'validation:reject_reason_required' }),
    z.maxLength(500, { error: 'validation:text_too_long' }),
  ),
});
export type RejectPayload = z.infer<typeof rejectPayloadSchema>;

/** POST /api/management/enrolments/approve_all: every pending of the manager's downlines (or one course's). */
export const approveAllPayloadSchema = z.object({
  course_id: z.optional(idTextSchema),
});
export type ApproveAllPayload = z.infer<typeof approveAllPayloadSchema>;

export const approveAllResultSchema = z.object({
  approved: z.array(z.string()),
  /** Still pending, in request order, each with the reason (translated). */
  left_pending: z.array(z.object({ id: z.string(), reason: z.string() })),
});
export type ApproveAllResult = z.infer<typeof approveAllResultSchema>;

/** POST /api/management/assignments: enrol up to 10 downlines in a classroom course (confirmed). */
export const assignPayloadSchema = z.object({
  course_id: idTextSchema,
  user_ids: z.array(idTextSchema, { error: 'validation:assign_none' }).check(
    z.minLength(1, { error: 'validation:assign_none' }),
    z.maxLength(MAX_ASSIGN_BATCH, { error: 'validation:assign_too_many' }),
  ),
});
export type AssignPayload = z.infer<typeof assignPayloadSchema>;

export const assignResultSchema = z.object({
  /** The new confirmed enrolments. */
  assigned: z.array(managedEnrolmentSchema),
  /** Downlines already holding an active enrolment of the course (left as they were). */
  already_enrolled: z.array(z.string()),
});
export type AssignResult = z.infer<typeof assignResultSchema>;

export const pageQuerySchema = z.object({ page: pageNumber, per_page: perPage });
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** A downline, to choose for an assignment. */
export const downlineSchema = z.object({ id: z.string(), name: z.string(), agent_code: z.string() });
export type Downline = z.infer<typeof downlineSchema>;
export const downlineListSchema = z.object({ data: z.array(downlineSchema) });
export type DownlineList = z.infer<typeof downlineListSchema>;

/** GET /api/management/report(.csv): a period (default: this IA year, 1 Aug–31 Jul, server clock). */
export const reportQuerySchema = z
  .object({ from: z.optional(daySchema), to: z.optional(daySchema) })
  .check(z.refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'validation:period_invalid' }));
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const reportRowSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  agent_code: z.string(),
  /** E-learning courses completed in the period. */
  completed: z.int(),
  /** E-learning courses in progress now. */
  in_progress: z.int(),
  /** In progress now and past their due date. */
  overdue: z.int(),
  on_screen_hours: z.number(),
  /** CPD hours in the period: Ethics/Regulations and the rest (completed courses and classroom attendance). */
  cpd_ethics_hours: z.number(),
  cpd_other_hours: z.number(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

export const reportSchema = z.object({
  /** The period read, YYYY-MM-DD, both days included. */
  from: z.string(),
  to: z.string(),
  rows: z.array(reportRowSchema),
});
export type Report = z.infer<typeof reportSchema>;
