import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { LANGUAGES } from '../../../src/config/constants';
import { createdAt } from './columns';

// Kinds and roles are text columns with a TypeScript union rather than pg enums, so a later
// issue adds a value without a migration that rewrites the type.
export const USER_ROLES = ['agent', 'manager', 'recruit', 'auditor', 'trainer'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    iconUrl: text('icon_url'),
    coverUrl: text('cover_url'),
    /** Set for managers (e.g. 'M0001'): its presence makes the user a manager (SPEC §3). */
    managerId: text('manager_id'),
    uplineId: bigint('upline_id', { mode: 'number' }).references((): AnyPgColumn => users.id),
    role: text('role', { enum: USER_ROLES }).notNull().default('agent'),
    /** false: the user must change the password before using the app. */
    passwordReset: boolean('password_reset').notNull().default(true),
    /** Base32; the active one while two_factor_enabled. */
    totpSecret: text('totp_secret'),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** Requested by 2fa/activate, promoted to totp_secret by the first right code (2fa/complete). */
    totpPendingSecret: text('totp_pending_secret'),
    /** The RFC 6238 time step of the last accepted code: it and earlier steps are refused (replay). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Notifications of the user with no read_at, kept by statement triggers (migration 0017,
     * ADR 037): the sign-in check of every request reads it with the user, so users/current needs
     * no query of its own. */
    unreadNotificationCount: integer('unread_notification_count').notNull().default(0),
    /** A demo account (seed.ts DEMO_ACCOUNTS, whose passwords are public): signed in to only from
     * this machine directly (issue 43 §12, server/http/client-address.ts isLoopbackClient). */
    demo: boolean('demo').notNull().default(false),
    /** When the new joiner's welcome was dismissed (server clock, ADR 102); null: it is still due
     * once the forced password change is done. Migration 0037 fills it for the accounts that existed. */
    welcomedAt: timestamp('welcomed_at', { withTimezone: true }),
    /** The interface language the user last used the app in (X-App-Language of a signed-in
     * request, requireAuth): what a message sent without a request (the CPD reminders) is written
     * in. Null: never signed in since migration 0038 — English (ADR 092). */
    language: text('language', { enum: LANGUAGES }),
    createdAt: createdAt(),
  },
  (t) => [
    // Agent codes are typed by people: one account per code whatever the letter case.
    uniqueIndex('users_external_id_lower_key').on(sql`lower(${t.externalId})`),
    index('users_upline_id_idx').on(t.uplineId),
    check('users_language', sql`${t.language} in ('en', 'zh', 'cn')`),
  ],
);

export type UserRow = typeof users.$inferSelect;
