import { z } from 'zod/mini';
import { idTextSchema, text } from './bounds.schema';
import { CPD_ROW_ID } from './cpd-ledger.schema';

// Issue 45 (ADR 085): the papers of the CPD ledger — a period's statement (PDF, CSV), a course's
// certificate (PDF) — and the public check of the verification code printed on them. The server
// makes every paper from its own ledger and clock; a code vouches for the figures frozen at issue.

/** The answer header that carries the code printed on the paper (the page shows it; tests read it). */
export const VERIFICATION_CODE_HEADER = 'X-Verification-Code';

/** ?period=2026 (default: the current one, server clock); ?user=<id>: another licensee's (upline, auditor). */
export const cpdStatementQuerySchema = z.object({ period: z.optional(text()), user: z.optional(idTextSchema) });
export type CpdStatementQuery = z.infer<typeof cpdStatementQuerySchema>;

/** A certificate names a completed course's ledger row: 'course:<id>' or 'offline:<id>' (a claim has none). */
export const cpdCertificateParamsSchema = z.object({ rowId: text().check(z.regex(CPD_ROW_ID, { error: 'validation:cpd_row_invalid' })) });
export const cpdCertificateQuerySchema = z.object({ user: z.optional(idTextSchema) });

/** The code as typed: any text without NUL (ADR 014); a malformed one is "not genuine", 404, like an unknown one. */
export const cpdVerifyParamsSchema = z.object({ code: text() });

const minutes = z.int().check(z.nonnegative());

/** What a genuine code vouches for: whom, and the period's totals or the course. Nothing else. */
export const cpdVerificationSchema = z.object({
  genuine: z.literal(true),
  kind: z.enum(['statement', 'certificate']),
  issued_at: z.string(),
  person: z.object({ name: z.string(), agent_code: z.string() }),
  /** A statement: the period and its totals against the target. */
  statement: z.nullable(
    z.object({
      start_year: z.int(),
      starts_on: z.string(),
      ends_on: z.string(),
      minutes,
      ethics_minutes: minutes,
      target_minutes: minutes,
      target_ethics_minutes: minutes,
    }),
  ),
  /** A certificate: the course, its CPD minutes and E/R, when it was completed. */
  certificate: z.nullable(
    z.object({
      title: z.string(),
      reference: z.nullable(z.string()),
      minutes,
      ethics_or_regulations: z.boolean(),
      completed_at: z.string(),
    }),
  ),
});
export type CpdVerification = z.infer<typeof cpdVerificationSchema>;
