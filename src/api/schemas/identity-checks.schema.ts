import { z } from 'zod/mini';
import { INT4_MAX } from './bounds.schema';
import { pagedResponseSchema } from './paged.schema';

// Continual authentication evidence (SPEC §4): every prompt and its outcome, kept on the server.

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

// Query values arrive as text: coerced, then held to whole numbers in range (the audit's too).
// Marked pure: only the server parses them, and the browser build must be able to drop them.
export const pageSchema = z._default(
  /* @__PURE__ */ z.coerce.number({ error: 'validation:page_invalid' }).check(
    z.int({ error: 'validation:page_invalid' }),
    z.minimum(1, { error: 'validation:page_invalid' }),
    z.maximum(INT4_MAX, { error: 'validation:page_invalid' }),
  ),
  1,
);
export const perPageSchema = z._default(
  /* @__PURE__ */ z.coerce.number({ error: 'validation:page_invalid' }).check(
    z.int({ error: 'validation:page_invalid' }),
    z.minimum(1, { error: 'validation:page_invalid' }),
    z.maximum(100, { error: 'validation:page_invalid' }),
  ),
  20,
);

/** GET /api/identity-checks: the signed-in user's own checks, newest first. */
export const identityChecksQuerySchema = z.object({ page: pageSchema, per_page: perPageSchema });
export type IdentityChecksQuery = z.infer<typeof identityChecksQuerySchema>;

export const identityChecksResponseSchema = pagedResponseSchema(identityCheckSchema);
export type IdentityChecksResponse = z.infer<typeof identityChecksResponseSchema>;
