import { z } from 'zod/mini';
import { pageNumber, perPage } from './courses.schema';
import { pagedResponseSchema } from './paged.schema';

// SPEC §3 "certificate": the certificate of a passed examination (ADR 025), read from the caller's
// own finished attempt. The server decides whether there is one; the page only prints it.

/** A certificate as a list names it (the profile page) and leads to it; its page adds the rest. */
export const examCertificateSummarySchema = z.object({
  /** Stable, derived from the attempt: `AA-<year completed>-<attempt id, 6 digits>`. */
  certificate_number: z.string(),
  attempt_id: z.string(),
  quiz_id: z.string(),
  course_id: z.string(),
  /** In the request's language (English when that text is missing). */
  course_title: z.string(),
  exam_title: z.string(),
  score: z.number(),
  full_marks: z.number(),
  /** ISO 8601: when the attempt was finished. */
  completed_at: z.string(),
  /** The course's CPD hours, or null when it has none. */
  cpd_hours: z.nullable(z.number()),
});
export type ExamCertificateSummary = z.infer<typeof examCertificateSummarySchema>;

/** GET quiz_attempts/{id}/certificate: what the printable certificate shows. */
export const examCertificateSchema = z.extend(examCertificateSummarySchema, {
  /** The learner's name and agent code. */
  learner_name: z.string(),
  agent_code: z.string(),
  pass_mark: z.number(),
});
export type ExamCertificate = z.infer<typeof examCertificateSchema>;

/** The certificate number of an attempt (SPEC §3): the same for the same attempt, always. */
export const certificateNumber = (attemptId: number | string, completedAt: Date): string =>
  `AA-${completedAt.getUTCFullYear()}-${String(attemptId).padStart(6, '0')}`;

/** GET certificates: the caller's certificates, newest first (the profile page, SPEC §1). */
export const examCertificatesQuerySchema = z.object({ page: pageNumber, per_page: perPage });
export type ExamCertificatesQuery = z.infer<typeof examCertificatesQuerySchema>;

export const examCertificateListSchema = pagedResponseSchema(examCertificateSummarySchema);
export type ExamCertificateList = z.infer<typeof examCertificateListSchema>;
