import { z } from 'zod/mini';
import { text } from './bounds.schema';
import { pageNumber, perPage } from './courses.schema';
import { cpdTeamPeriodSchema } from './cpd-team.schema';
import { pagedResponseSchema } from './paged.schema';

// Issue 45, ADR 087: the compliance officer's (auditor's) reports of every licensee in a period —
// the insurer's 31 October report (agent code, name, hours, E/R hours, target, compliant) and the
// 30 September declaration list (who met the target and can declare; who cannot). Minutes on the
// wire; the CSV shows hours.

/** all: every licensee; can_declare: met the target (total and E/R); cannot_declare: the rest. */
export const CPD_REPORT_LISTS = ['all', 'can_declare', 'cannot_declare'] as const;
export type CpdReportList = (typeof CPD_REPORT_LISTS)[number];

export const cpdReportQuerySchema = z.object({
  period: z.optional(text()),
  list: z._default(z.enum(CPD_REPORT_LISTS, { error: 'validation:cpd_report_list_invalid' }), 'all'),
  page: pageNumber,
  per_page: perPage,
});
export type CpdReportQuery = z.infer<typeof cpdReportQuerySchema>;

export const cpdReportCsvQuerySchema = z.object({
  period: z.optional(text()),
  list: z._default(z.enum(CPD_REPORT_LISTS, { error: 'validation:cpd_report_list_invalid' }), 'all'),
});
export type CpdReportCsvQuery = z.infer<typeof cpdReportCsvQuerySchema>;

const minutes = z.int().check(z.nonnegative());

export const cpdReportRowSchema = z.object({
  user_id: z.string(),
  agent_code: z.string(),
  name: z.string(),
  minutes,
  ethics_minutes: minutes,
  target_minutes: minutes,
  target_ethics_minutes: minutes,
  compliant: z.boolean(),
});
export type CpdReportRow = z.infer<typeof cpdReportRowSchema>;

export const cpdReportSchema = z.object({
  ...pagedResponseSchema(cpdReportRowSchema).shape,
  period: z.extend(cpdTeamPeriodSchema, { declaration_due: z.string(), insurer_report_due: z.string() }),
  list: z.enum(CPD_REPORT_LISTS),
});
export type CpdReport = z.infer<typeof cpdReportSchema>;
