import { z } from 'zod/mini';
import { idTextSchema, text } from './bounds.schema';

// The CPD ledger (issue 45, BRIEF-CPD): every CPD minute a licensee's licence depends on, in an
// assessment period (1 Aug – 31 Jul, Hong Kong), against the target, each with its source and its
// evidence. The server computes every figure from its own records and clock; amounts are whole
// minutes (the view shows hours). A period is named by the year it starts in (2026: 1 Aug 2026 –
// 31 Jul 2027).

/** Machine-readable reasons the ledger refuses (with a translated message). */
export const CPD_ERROR_CODE = {
  /** `period` is not a year (digits). */
  cpdPeriodInvalid: 'CpdPeriodInvalid',
  /** A period before the first one kept (GL24: 2019) or after the current one. */
  cpdPeriodOutOfRange: 'CpdPeriodOutOfRange',
} as const;
export type CpdErrorCode = (typeof CPD_ERROR_CODE)[keyof typeof CPD_ERROR_CODE];

/** GL24 came into force on 23 September 2019: no ledger before the period starting in 2019. */
export const FIRST_CPD_PERIOD = 2019;

/** ?period=2026 (default: the period holding the server's now). Checked by the server, which answers a code. */
export const cpdLedgerQuerySchema = z.object({ period: z.optional(text()) });
export type CpdLedgerQuery = z.infer<typeof cpdLedgerQuerySchema>;

export const cpdLedgerUserParamsSchema = z.object({ userId: idTextSchema });

/** A ledger row: 'course:<course id>', 'offline:<classroom course id>', 'claim:<claim id>'. */
export const CPD_ROW_ID = /^(course|offline|claim):[1-9]\d{0,15}$/;
export const cpdRowParamsSchema = z.object({ rowId: text().check(z.regex(CPD_ROW_ID, { error: 'validation:cpd_row_invalid' })) });
/** ?user=<id>: whose ledger the row is in (default: the caller's). */
export const cpdEvidenceQuerySchema = z.object({ user: z.optional(idTextSchema) });

const minutes = z.int().check(z.nonnegative());
const day = z.string();

export const CPD_ROW_SOURCES = ['course', 'offline', 'claim'] as const;
export type CpdRowSource = (typeof CPD_ROW_SOURCES)[number];
export const CPD_LICENCE_KIND_NAMES = ['insurance_intermediary', 'travel_agent'] as const;

export const cpdLedgerRowSchema = z.object({
  id: z.string(),
  source: z.enum(CPD_ROW_SOURCES),
  title: z.string(),
  /** The course's approval reference; null for a claim. */
  reference: z.nullable(z.string()),
  /** 'structured' | 'e_learning' for a course; the claim's kind for a claim. */
  activity_kind: z.string(),
  /** When it counted: the completion, the last check-out, or the claimed activity's last day (its Hong Kong midnight). */
  completed_at: z.string(),
  /** Its Hong Kong date (what decides the period and the approval window). */
  completed_on: day,
  minutes,
  ethics_or_regulations: z.boolean(),
});
export type CpdLedgerRow = z.infer<typeof cpdLedgerRowSchema>;

export const cpdPeriodSummarySchema = z.object({
  start_year: z.int(),
  minutes,
  ethics_minutes: minutes,
  target_minutes: minutes,
  target_ethics_minutes: minutes,
  compliant: z.boolean(),
});
export type CpdPeriodSummary = z.infer<typeof cpdPeriodSummarySchema>;

export const cpdLedgerSchema = z.object({
  user: z.object({ id: z.string(), name: z.string(), agent_code: z.string() }),
  period: z.object({
    start_year: z.int(),
    starts_on: day,
    ends_on: day,
    days_left: z.int().check(z.nonnegative()),
    declaration_due: day,
    insurer_report_due: day,
  }),
  target: z.object({
    minutes,
    ethics_minutes: minutes,
    /** null: no ledger target (a recruit, an auditor, a trainer, or a period before the licence). */
    licence_kind: z.nullable(z.enum(CPD_LICENCE_KIND_NAMES)),
    /** The licence was granted during this period: the pro-rated target of its month. */
    prorated: z.boolean(),
  }),
  totals: z.object({ minutes, ethics_minutes: minutes, needed_minutes: minutes, needed_ethics_minutes: minutes, compliant: z.boolean() }),
  rows: z.array(cpdLedgerRowSchema),
  /** Earlier periods, newest first: from the first with any activity, within the retention years. */
  previous: z.array(cpdPeriodSummarySchema),
});
export type CpdLedger = z.infer<typeof cpdLedgerSchema>;

/** A passed identity check during a viewing. */
const identityCheckSchema = z.object({ id: z.string(), type: z.string(), at: z.string() });

/** One viewing (the server saw the item or attachment opened) and the seconds credited in it. */
export const cpdViewingSchema = z.object({
  id: z.string(),
  started_at: z.string(),
  /** The browser's X-Client-Id of the session it was opened in (null: not known). */
  device: z.nullable(z.string()),
  credited_seconds: z.int().check(z.nonnegative()),
  /** The first and last credited second (null: nothing credited in it). */
  first_credited_at: z.nullable(z.string()),
  last_credited_at: z.nullable(z.string()),
  identity_checks: z.array(identityCheckSchema),
});
export type CpdViewing = z.infer<typeof cpdViewingSchema>;

export const cpdEvidenceItemSchema = z.object({
  kind: z.enum(['item', 'attachment']),
  id: z.string(),
  title: z.string(),
  credited_seconds: z.int().check(z.nonnegative()),
  viewings: z.array(cpdViewingSchema),
});
export type CpdEvidenceItem = z.infer<typeof cpdEvidenceItemSchema>;

export const cpdAttendanceSchema = z.object({
  session_id: z.string(),
  title: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  checked_in_at: z.string(),
  checked_out_at: z.nullable(z.string()),
  attended_minutes: minutes,
});
export type CpdAttendance = z.infer<typeof cpdAttendanceSchema>;

export const cpdClaimEvidenceSchema = z.object({
  kind: z.string(),
  provider: z.string(),
  started_on: day,
  ended_on: day,
  submitted_at: z.string(),
  decided_at: z.nullable(z.string()),
  evidence_name: z.string(),
});

/** GET /api/cpd/ledger/rows/:rowId/evidence: what backs one row. */
export const cpdEvidenceSchema = z.object({
  row: cpdLedgerRowSchema,
  /** A course: every item and attachment with the seconds the server credited. */
  items: z.array(cpdEvidenceItemSchema),
  /** A classroom course: each session's check-in and check-out. */
  attendance: z.array(cpdAttendanceSchema),
  /** A claim: what was claimed and when it was decided. */
  claim: z.nullable(cpdClaimEvidenceSchema),
});
export type CpdEvidence = z.infer<typeof cpdEvidenceSchema>;
