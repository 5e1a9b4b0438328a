import { bigint, boolean, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { CPD_CLAIM_KINDS, CPD_CLAIM_STATUSES, type CpdClaimKind, type CpdClaimStatus } from '../../../src/api/schemas/cpd-claim.schema';
import { users } from './users';

// Issue 45: a licensee's claim for an outside CPD activity (GL24: degree and accredited programmes,
// professional-body and regulator events…). The upline decides it; only an approved claim counts in
// the ledger (cpd-ledger), in the assessment period that holds its end date. A decided claim is never
// changed: a rejected one is corrected as a new submission of the same row (status back to pending,
// revision + 1), an approved one is final.

// The lists are the contract's (src/api/schemas/cpd-claim.schema.ts), said once.
export { CPD_CLAIM_KINDS, CPD_CLAIM_STATUSES, type CpdClaimKind, type CpdClaimStatus };

export const cpdClaims = pgTable(
  'cpd_claims',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CPD_CLAIM_KINDS }).notNull(),
    provider: text('provider').notNull(),
    title: text('title').notNull(),
    /** The activity's first and last day (Hong Kong dates); the period is the one holding ended_on. */
    startedOn: date('started_on', { mode: 'string' }).notNull(),
    endedOn: date('ended_on', { mode: 'string' }).notNull(),
    /** CPD time claimed, in minutes (1.5 hours = 90): whole numbers, no floating-point sums. */
    minutes: integer('minutes').notNull(),
    ethicsOrRegulations: boolean('ethics_or_regulations').notNull().default(false),
    /** The evidence file (PDF or picture), checked by content, stored like the other uploads. */
    evidenceStorageKey: text('evidence_storage_key').notNull(),
    evidenceName: text('evidence_name').notNull(),
    evidenceMediaType: text('evidence_media_type').notNull(),
    evidenceBytes: integer('evidence_bytes').notNull(),
    /** ADR 086: the file is stored encrypted like the attachments (storage/attachment-crypto.ts):
     * base64 AES-256 key, HMAC key and digest, and the digest's piece size. Null: a file stored
     * before migration 0035, kept as it was sent. */
    evidenceKey: text('evidence_key'),
    evidenceMacKey: text('evidence_mac_key'),
    evidenceMacDigest: text('evidence_mac_digest'),
    evidenceMacPieceSize: integer('evidence_mac_piece_size'),
    /** The terms, with their impersonation warning, accepted at this submission. */
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: CPD_CLAIM_STATUSES }).notNull().default('pending'),
    /** 1 at the first submission; + 1 each time a rejected claim is corrected and sent again. */
    revision: integer('revision').notNull().default(1),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    createdAt: createdAt(),
  },
  (t) => [index('cpd_claims_user_idx').on(t.userId, t.endedOn), index('cpd_claims_status_idx').on(t.status)],
);
