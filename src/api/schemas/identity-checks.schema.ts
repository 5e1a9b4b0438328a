import { z } from 'zod/mini';
import { INT4_MAX, text } from './bounds.schema';
import { pagedResponseSchema } from './paged.schema';

// Continual authentication evidence (SPEC §4): every prompt and its outcome, kept on the server.

/** A course or course-item id as the client knows it; optional wherever a check is recorded. */
export const contentRefSchema = text({ error: 'validation:id_invalid' }).check(
  z.trim(),
  z.regex(/^[\w.:-]{1,64}$/, { error: 'validation:id_invalid' }),
);

export const IDENTITY_CHECK_TYPES = ['password', 'authenticator'] as const;
export const IDENTITY_CHECK_OUTCOMES = ['success', 'failure'] as const;

export const identityCheckSchema = z.object({
  id: z.string(),
  type: z.enum(IDENTITY_CHECK_TYPES),
  outcome: z.enum(IDENTITY_CHECK_OUTCOMES),
  course_id: z.nullable(z.string()),
  item_id: z.nullable(z.string()),
  /** ISO 8601, UTC. */
  created_at: z.string(),
});
export type IdentityCheck = z.infer<typeof identityCheckSchema>;

// Query values arrive as text: coerced, then held to whole numbers in range.
const page = z._default(
  z.coerce.number({ error: 'validation:page_invalid' }).check(
    z.int({ error: 'validation:page_invalid' }),
    z.minimum(1, { error: 'validation:page_invalid' }),
    z.maximum(INT4_MAX, { error: 'validation:page_invalid' }),
  ),
  1,
);
const perPage = z._default(
  z.coerce.number({ error: 'validation:page_invalid' }).check(
    z.int({ error: 'validation:page_invalid' }),
    z.minimum(1, { error: 'validation:page_invalid' }),
    z.maximum(100, { error: 'validation:page_invalid' }),
  ),
  20,
);

/** GET /api/identity-checks: the signed-in user's own checks, newest first. */
export const identityChecksQuerySchema = z.object({ page, per_page: perPage });
export type IdentityChecksQuery = z.infer<typeof identityChecksQuerySchema>;

export const identityChecksResponseSchema = pagedResponseSchema(identityCheckSchema);
export type IdentityChecksResponse = z.infer<typeof identityChecksResponseSchema>;

/** A date (YYYY-MM-DD, a whole UTC day) or a date-time with an offset (2026-01-15T09:00:00Z). */
export const dateBoundSchema = z.union([z.iso.date({ error: 'validation:date_invalid' }), z.iso.datetime({ offset: true, error: 'validation:date_invalid' })], {
  error: 'validation:date_invalid',
});

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
  page,
  per_page: perPage,
});
export type AuditIdentityChecksQuery = z.infer<typeof auditIdentityChecksQuerySchema>;

export const auditIdentityCheckSchema = z.extend(identityCheckSchema, {
  external_id: z.string(),
  name: z.string(),
});
export type AuditIdentityCheck = z.infer<typeof auditIdentityCheckSchema>;

export const auditIdentityChecksResponseSchema = pagedResponseSchema(auditIdentityCheckSchema);
export type AuditIdentityChecksResponse = z.infer<typeof auditIdentityChecksResponseSchema>;
