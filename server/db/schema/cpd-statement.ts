import { bigint, index, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './users';

// Issue 45 (ADR 085): a verification code printed on a CPD statement or certificate. The figures it
// vouches for are frozen at issue, so a later change of the ledger (a claim approved, an approval
// corrected) neither changes what an old paper says is genuine nor breaks its code. A code is
// issued once per (user, kind, subject, figures): downloading the same paper again reuses it.

export const CPD_VERIFICATION_KINDS = ['statement', 'certificate'] as const;
export type CpdVerificationKind = (typeof CPD_VERIFICATION_KINDS)[number];

export const cpdVerifications = pgTable(
  'cpd_verifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** 12 characters of base32 (src/config/cpd-verification-code.ts). */
    code: text('code').notNull().unique(),
    kind: text('kind', { enum: CPD_VERIFICATION_KINDS }).notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What it is about: the period's start year ('2026') for a statement, the ledger row ('course:12') for a certificate. */
    subject: text('subject').notNull(),
    /** The figures as issued (name, agent code, minutes, course …): what /api/verify answers. */
    figures: jsonb('figures').notNull(),
    /** A digest of `figures`: the same paper again finds its code. */
    fingerprint: text('fingerprint').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [unique('cpd_verifications_once').on(t.userId, t.kind, t.subject, t.fingerprint), index('cpd_verifications_user').on(t.userId)],
);
export type CpdVerification = typeof cpdVerifications.$inferSelect;
