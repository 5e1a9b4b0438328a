import { z } from 'zod/mini';
import { idTextSchema, text } from './bounds.schema';

// Issue 45, ADR 086: a licensee's claim for an outside CPD activity (GL24: degree and accredited
// programmes, professional-body and regulator events, seminars…). Sent as a multipart form with one
// evidence file (PDF or picture, checked by its bytes); the upline decides it once; a rejected one is
// corrected and sent again as the next revision of the same claim. Time in whole minutes.

export const CPD_CLAIM_KINDS = ['seminar', 'degree_programme', 'accredited_programme', 'professional_body_event', 'regulator_event', 'other'] as const;
export type CpdClaimKind = (typeof CPD_CLAIM_KINDS)[number];
export const CPD_CLAIM_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type CpdClaimStatus = (typeof CPD_CLAIM_STATUSES)[number];

/** Machine-readable reasons a claim is refused (with a translated message). */
export const CPD_CLAIM_ERROR_CODE = {
  /** The claim was decided already (by this or another request): a decision is given once. */
  cpdClaimDecided: 'CpdClaimDecided',
  /** Only a rejected claim may be corrected and sent again. */
  cpdClaimNotRejected: 'CpdClaimNotRejected',
} as const;
export type CpdClaimErrorCode = (typeof CPD_CLAIM_ERROR_CODE)[keyof typeof CPD_CLAIM_ERROR_CODE];

/** The evidence file's media types: what the browser may declare. The server decides by the bytes. */
export const CPD_EVIDENCE_MEDIA_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;
/** The form field of the evidence file. */
export const CPD_EVIDENCE_FIELD = 'evidence';
/** Longest provider or title kept. */
export const CPD_CLAIM_TEXT_MAX = 200;
/** Longest reason for a rejection. */
export const CPD_CLAIM_REASON_MAX = 1000;
/** The most one claim may carry: 150 hours (a whole degree module; GL24 counts at most the year's needs). */
export const CPD_CLAIM_MAX_MINUTES = 9000;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

const day = text({ error: 'validation:date_invalid' }).check(z.refine(isCalendarDay, { error: 'validation:date_invalid' }));
const words = text().check(
  z.trim(),
  z.minLength(1, { error: 'validation:cpd_claim_text_required' }),
  z.maxLength(CPD_CLAIM_TEXT_MAX, { error: 'validation:text_too_long' }),
);
const flag = z.enum(['true', 'false'], { error: 'validation:flag_invalid' });

/**
 * The form's text fields (every value a string, as multipart sends it). The time is `minutes`
 * (whole) or `hours` (up to two decimals that make whole minutes: 1.5, 1.25): exactly one. Dates and
 * bounds against the server's today are the server's (server/domain/cpd-claim.ts).
 */
export const cpdClaimFieldsSchema = z
  .object({
    kind: z.enum(CPD_CLAIM_KINDS, { error: 'validation:cpd_claim_kind_invalid' }),
    provider: words,
    title: words,
    started_on: day,
    ended_on: day,
    minutes: z.optional(text().check(z.regex(/^\d{1,6}$/, { error: 'validation:cpd_claim_minutes_invalid' }))),
    hours: z.optional(text().check(z.regex(/^\d{1,4}(\.\d{1,2})?$/, { error: 'validation:cpd_claim_minutes_invalid' }))),
    ethics_or_regulations: z.optional(flag),
    terms_accepted: z.literal('true', { error: 'validation:terms_required' }),
  })
  .check(
    z.refine((f) => (f.minutes === undefined) !== (f.hours === undefined), { error: 'validation:cpd_claim_minutes_invalid', path: ['minutes'] }),
    z.refine((f) => !isCalendarDay(f.started_on) || !isCalendarDay(f.ended_on) || f.started_on <= f.ended_on, { error: 'validation:cpd_claim_end_before_start', path: ['ended_on'] }),
  );
export type CpdClaimFields = z.input<typeof cpdClaimFieldsSchema>;

/** The minutes the fields carry (hours × 60 when given in hours), or null when they make no whole minute count. */
export function minutesOfFields(f: { minutes?: string; hours?: string }): number | null {
  if (f.minutes !== undefined) return Number(f.minutes);
  if (f.hours === undefined) return null;
  const [whole, fraction = ''] = f.hours.split('.');
  const hundredths = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  // Whole minutes only: a hundredth of an hour is 0.6 minute, so hundredths must be a multiple of 5.
  return hundredths % 5 === 0 ? (hundredths / 5) * 3 : null;
}

export const cpdClaimParamsSchema = z.object({ id: idTextSchema });
/** ?period=2026 (default: the current period, server clock). */
export const cpdClaimsQuerySchema = z.object({ period: z.optional(text()) });

/** POST …/decision: approve, or reject with a reason. */
export const cpdClaimDecisionSchema = z
  .object({
    decision: z.enum(['approve', 'reject'], { error: 'validation:cpd_claim_decision_invalid' }),
    reason: z.optional(text().check(z.trim(), z.maxLength(CPD_CLAIM_REASON_MAX, { error: 'validation:text_too_long' }))),
  })
  .check(z.refine((d) => d.decision === 'approve' || (d.reason ?? '').length > 0, { error: 'validation:reject_reason_required', path: ['reason'] }));
export type CpdClaimDecision = z.input<typeof cpdClaimDecisionSchema>;

export const cpdClaimSchema = z.object({
  id: z.string(),
  claimant: z.object({ id: z.string(), external_id: z.string(), name: z.string() }),
  kind: z.enum(CPD_CLAIM_KINDS),
  provider: z.string(),
  title: z.string(),
  started_on: z.string(),
  ended_on: z.string(),
  minutes: z.int(),
  ethics_or_regulations: z.boolean(),
  evidence: z.object({ name: z.string(), media_type: z.string(), bytes: z.int() }),
  status: z.enum(CPD_CLAIM_STATUSES),
  revision: z.int(),
  submitted_at: z.string(),
  decided_at: z.nullable(z.string()),
  decided_by: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  /** What the caller may do with it now (the server's rules, so the page offers nothing else). */
  may_resend: z.boolean(),
  may_decide: z.boolean(),
});
export type CpdClaim = z.infer<typeof cpdClaimSchema>;

export const cpdClaimListSchema = z.object({ period: z.int(), data: z.array(cpdClaimSchema) });
export type CpdClaimList = z.infer<typeof cpdClaimListSchema>;

/** The browser's first look at a chosen file, before it is sent (the server decides by the bytes):
 * a type it declares that is not evidence, or a size over the limit of its kind (SPEC §9). */
export function evidenceProblemOf(file: { type: string; size: number }, limits: { file: number; image: number }): null | { kind: 'type' } | { kind: 'size'; megabytes: number } {
  if (!(CPD_EVIDENCE_MEDIA_TYPES as readonly string[]).includes(file.type)) return { kind: 'type' };
  const limit = file.type === 'application/pdf' ? limits.file : limits.image;
  return file.size > limit ? { kind: 'size', megabytes: Math.floor(limit / 1_048_576) } : null;
}
