import { z } from 'zod/mini';
import { text } from './bounds.schema';
import { withinStorableDays } from './day.schema';
import { identityCheckSchema, pageSchema, perPageSchema } from './identity-checks.schema';
import { pagedResponseSchema } from './paged.schema';

// The auditors' view of the identity checks (role auditor): everyone's checks, filtered by agent
// and dates. Server only: no page of the app imports this file, so its date formats and the
// extended check do not reach the browser, where zod's shared code sits in the first page's
// bundle (ADR 008). A page that needs it one day imports it like any other schema.

/** A date (YYYY-MM-DD, a whole UTC day) or a date-time with an offset (2026-01-15T09:00:00Z), on a
 * day the database can hold (not year 0000, whose dates PostgreSQL refuses with an error). */
export const dateBoundSchema = z
  .union([z.iso.date({ error: 'validation:date_invalid' }), z.iso.datetime({ offset: true, error: 'validation:date_invalid' })], {
    error: 'validation:date_invalid',
  })
  .check(z.refine(withinStorableDays, { error: 'validation:date_invalid' }));

/**
 * GET /api/audit/identity-checks (role auditor): everyone's checks, newest first. `from` is
 * inclusive; `to` is inclusive too, and a bare date means up to the end of that day (UTC).
 */
export const auditIdentityChecksQuerySchema = z.object({
  external_id: z.optional(
    text().check(z.trim(), z.minLength(1, { error: 'validation:agent_code_invalid' }), z.maxLength(64, { error: 'validation:agent_code_invalid' })),
  ),
  from: z.optional(dateBoundSchema),
  to: z.optional(dateBoundSchema),
  page: pageSchema,
  per_page: perPageSchema,
});
export type AuditIdentityChecksQuery = z.infer<typeof auditIdentityChecksQuerySchema>;

export const auditIdentityCheckSchema = z.extend(identityCheckSchema, {
  external_id: z.string(),
  name: z.string(),
});
export type AuditIdentityCheck = z.infer<typeof auditIdentityCheckSchema>;

/** How many matching checks the total counts at most (ADR 040): past it, counting every row of a
 * million-row table on each page is what the auditor would wait for, not the page. */
export const AUDIT_TOTAL_CAP = 10_000;

/**
 * A page of the audit list. `total` is exact up to AUDIT_TOTAL_CAP; when more checks match it is
 * AUDIT_TOTAL_CAP and `total_exact` is false ("10,000 or more"): every page past it is still served.
 */
export const auditIdentityChecksResponseSchema = z.extend(pagedResponseSchema(auditIdentityCheckSchema), { total_exact: z.boolean() });
export type AuditIdentityChecksResponse = z.infer<typeof auditIdentityChecksResponseSchema>;
