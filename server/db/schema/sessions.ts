import { bigint, boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The browser's X-Client-Id (a UUID kept in its session storage), when it sent one. */
    clientId: text('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Set when the user signed in on another device (SINGLE_DEVICE_SESSIONS): refused from then on
     * with 'The device has been expired', which the client handles as user-expired (SPEC §8). */
    deviceExpiredAt: timestamp('device_expired_at', { withTimezone: true }),
    /** Whether the second factor was passed in this session. */
    g2fa: boolean('g2fa').notNull().default(false),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const tokens = pgTable(
  'tokens',
  {
    jti: text('jti').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when a refresh replaced this token; it stays usable for a short grace after. */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
  },
  (t) => [
    index('tokens_session_id_idx').on(t.sessionId),
    // ADR 034: every sign-in deletes the expired tokens (sessions.ts start()): a range, not a scan of all.
    index('tokens_expires_at_idx').on(t.expiresAt),
  ],
);

export type SessionRow = typeof sessions.$inferSelect;
