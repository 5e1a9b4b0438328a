import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  jsonb,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { IDENTITY_CHECK_OUTCOMES, IDENTITY_CHECK_TYPES } from '../../src/api/schemas/identity-checks.schema';
import { ATTACHMENT_TYPES, COURSE_KINDS, MATERIAL_LANGUAGES } from '../../src/config/constants';

// Kinds and roles are text columns with a TypeScript union rather than pg enums, so a later
// issue adds a value without a migration that rewrites the type.
export const USER_ROLES = ['agent', 'manager', 'recruit', 'auditor'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** SPEC §3 notification kinds. */
export const NOTIFICATION_KINDS = [
  'recommendation',
  'reply',
  'system_notice',
  'assignment_due_date',
  'marking_reminder',
  'learning_map_incomplete',
  'marking_done',
  'submission_completed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

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
    createdAt: createdAt(),
  },
  (t) => [
    // Agent codes are typed by people: one account per code whatever the letter case.
    uniqueIndex('users_external_id_lower_key').on(sql`lower(${t.externalId})`),
    index('users_upline_id_idx').on(t.uplineId),
  ],
);

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
  (t) => [index('tokens_session_id_idx').on(t.sessionId)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    /** Who it comes from as shown to the learner (e.g. 'Administrator'); null for the system. */
    sender: text('sender'),
    title: text('title').notNull(),
    body: text('body').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_id_idx').on(t.userId, t.readAt)],
);

export const mailOutbox = pgTable('mail_outbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  createdAt: createdAt(),
});

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    /** SHA-256 of the token, hex: a leaked table does not give working links. */
    tokenHash: text('token_hash').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);

/** Server-wide values that every process must agree on (e.g. the generated JWT secret). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Continual-authentication evidence (SPEC §4): each prompt's answer, for the user and auditors. */
export const identityChecks = pgTable(
  'identity_checks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Evidence outlives the session it was taken in.
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    type: text('type', { enum: IDENTITY_CHECK_TYPES }).notNull(),
    outcome: text('outcome', { enum: IDENTITY_CHECK_OUTCOMES }).notNull(),
    courseId: text('course_id'),
    itemId: text('item_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('identity_checks_user_id_created_at_idx').on(t.userId, t.createdAt), index('identity_checks_created_at_idx').on(t.createdAt)],
);

/**
 * Tries of the brute-force defence (auth/rate-limit.ts, ADR 013), so every server process on the
 * database sees the same counts: one row per key (e.g. "signin:account:agent01") and the time of
 * a try (window_start, a name kept from the fixed windows this table first held); count is the
 * tries made at that instant still counted as failures. The sliding window sums the recent rows.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limits_window_start_idx').on(t.windowStart)],
);

// ---- Learning content (issue 5) ----

/** A text in the three interface languages; the API answers in the request's one. */
export interface LocalizedText {
  en: string;
  zh: string;
  cn: string;
}
const localized = (name: string) => jsonb(name).$type<LocalizedText>().notNull();

export const departments = pgTable('departments', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  name: localized('name'),
});

export const courses = pgTable(
  'courses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    title: localized('title'),
    description: localized('description'),
    kind: text('kind', { enum: COURSE_KINDS }).notNull(),
    departmentId: bigint('department_id', { mode: 'number' })
      .notNull()
      .references(() => departments.id),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    coverUrl: text('cover_url'),
    cpdHours: doublePrecision('cpd_hours').notNull().default(0),
    /** Counted when a learner opens the detail page. */
    clicks: integer('clicks').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('courses_published_at_idx').on(t.publishedAt)],
);

export const lessons = pgTable(
  'lessons',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    courseId: bigint('course_id', { mode: 'number' })
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: localized('title'),
  },
  (t) => [index('lessons_course_id_idx').on(t.courseId, t.position)],
);

/** A stored file. Encrypted ones are AES-CBC (PKCS7, IV first) under key, with an HMAC-SHA256
 * (macKey) over the stored bytes; office documents are stored as they are. */
export const attachments = pgTable('attachments', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  type: text('type', { enum: ATTACHMENT_TYPES }).notNull(),
  language: text('language', { enum: MATERIAL_LANGUAGES }).notNull(),
  /** Path under DATA_DIR/files. */
  storagePath: text('storage_path').notNull(),
  /** Bytes as stored. */
  size: bigint('size', { mode: 'number' }).notNull(),
  encrypted: boolean('encrypted').notNull(),
  /** base64 AES key, when encrypted. */
  encryptionKey: text('encryption_key'),
  /** base64 HMAC key and digest, when encrypted. */
  macKey: text('mac_key'),
  macDigest: text('mac_digest'),
  /** Null: mac_digest is the HMAC of the stored bytes (rows from before); a size: the HMAC of the
   * SHA-256 digests of the stored bytes' pieces of that size, in order (ADR 011). */
  macPieceSize: integer('mac_piece_size'),
  /** An HLS rendition: folder under DATA_DIR/files with the playlist, segments and key. */
  streamPath: text('stream_path'),
  streamPlaylist: text('stream_playlist'),
  /** base64 of the 16-byte HLS AES-128 key. */
  streamKey: text('stream_key'),
  mediaDuration: doublePrecision('media_duration').notNull().default(0),
  pageCount: integer('page_count').notNull().default(0),
  /** In the material library. */
  isMaterial: boolean('is_material').notNull().default(true),
  createdAt: createdAt(),
});

export const ITEM_KINDS = ['reading', 'attachment'] as const;

export const courseItems = pgTable(
  'course_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    lessonId: bigint('lesson_id', { mode: 'number' })
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    /** Denormalised for the per-course totals. */
    courseId: bigint('course_id', { mode: 'number' })
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind', { enum: ITEM_KINDS }).notNull(),
    title: localized('title'),
    body: jsonb('body').$type<LocalizedText>(),
    requiredSeconds: integer('required_seconds').notNull().default(0),
    attachmentId: bigint('attachment_id', { mode: 'number' }).references(() => attachments.id),
  },
  (t) => [index('course_items_lesson_id_idx').on(t.lessonId, t.position), index('course_items_course_id_idx').on(t.courseId)],
);

export const ENROLMENT_STATUSES = ['in_progress', 'completed'] as const;

export const courseEnrolments = pgTable(
  'course_enrolments',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: bigint('course_id', { mode: 'number' })
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ENROLMENT_STATUSES }).notNull().default('in_progress'),
    enrolledAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] }), index('course_enrolments_course_id_idx').on(t.courseId)],
);

export const courseLikes = pgTable(
  'course_likes',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: bigint('course_id', { mode: 'number' })
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] }), index('course_likes_course_id_idx').on(t.courseId)],
);

export const attachmentLikes = pgTable(
  'attachment_likes',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attachmentId: bigint('attachment_id', { mode: 'number' })
      .notNull()
      .references(() => attachments.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.attachmentId] }), index('attachment_likes_attachment_id_idx').on(t.attachmentId)],
);

/**
 * On-screen time (SPEC §4, §7): one row per record the browser sent, for an item or an attachment.
 * The (user, key, target) unique index makes a repeated send a no-op answered 'Record exists'.
 */
/**
 * A viewing: the learner opened an item or an attachment, as the server saw it (server clock).
 * On-screen time is credited only inside a viewing (ADR 012).
 */
export const viewings = pgTable(
  'viewings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    courseId: bigint('course_id', { mode: 'number' }).references(() => courses.id, { onDelete: 'cascade' }),
    itemId: bigint('item_id', { mode: 'number' }).references(() => courseItems.id, { onDelete: 'cascade' }),
    attachmentId: bigint('attachment_id', { mode: 'number' }).references(() => attachments.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('viewings_user_started_idx').on(t.userId, t.startedAt)],
);

/**
 * The evidence of each credited second: a stretch [starts_at, ends_at) of server time credited to
 * one learner from one record, in one viewing, covered by one identity verification (a passed
 * check, or the sign-in when no check was passed since). Stretches of one learner never overlap,
 * so the seconds credited over any stretch of wall time never exceed it.
 */
export const creditedSpans = pgTable(
  'credited_spans',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    onScreenLogId: bigint('on_screen_log_id', { mode: 'number' })
      .notNull()
      .references(() => onScreenLogs.id, { onDelete: 'cascade' }),
    viewingId: bigint('viewing_id', { mode: 'number' })
      .notNull()
      .references(() => viewings.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The passed identity check that covered the stretch (null: the sign-in, or checks were off). */
    identityCheckId: bigint('identity_check_id', { mode: 'number' }).references(() => identityChecks.id, { onDelete: 'set null' }),
    /** The session whose sign-in covered the stretch, when no later check had been passed. */
    signInSessionId: uuid('sign_in_session_id').references(() => sessions.id, { onDelete: 'set null' }),
  },
  (t) => [index('credited_spans_user_starts_idx').on(t.userId, t.startsAt)],
);

export const onScreenLogs = pgTable(
  'on_screen_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: bigint('course_id', { mode: 'number' }).references(() => courses.id, { onDelete: 'cascade' }),
    itemId: bigint('item_id', { mode: 'number' }).references(() => courseItems.id, { onDelete: 'cascade' }),
    attachmentId: bigint('attachment_id', { mode: 'number' }).references(() => attachments.id, { onDelete: 'cascade' }),
    /** Seconds. */
    duration: integer('duration').notNull(),
    /** The browser's idempotency key (ms timestamp at which the record began). */
    key: bigint('key', { mode: 'number' }).notNull(),
    completedPages: integer('completed_pages'),
    /** The viewing the record was counted in (null for records stored before viewings existed). */
    viewingId: bigint('viewing_id', { mode: 'number' }).references(() => viewings.id, { onDelete: 'cascade' }),
    /** Seconds the browser claimed; `duration` holds the seconds the server credited (ADR 012). */
    claimedDuration: integer('claimed_duration'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('on_screen_logs_user_key_target_key').on(t.userId, t.key, sql`coalesce(${t.itemId}, 0)`, sql`coalesce(${t.attachmentId}, 0)`),
    index('on_screen_logs_user_course_idx').on(t.userId, t.courseId),
  ],
);

/** A learner's progress in an attachment: pages read, whether finished (SPEC §7 finish). */
export const attachmentProgress = pgTable(
  'attachment_progress',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attachmentId: bigint('attachment_id', { mode: 'number' })
      .notNull()
      .references(() => attachments.id, { onDelete: 'cascade' }),
    completedPages: integer('completed_pages').notNull().default(0),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.attachmentId] })],
);

export const NEWS_KINDS = ['news', 'highlight'] as const;

export const news = pgTable(
  'news',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: NEWS_KINDS }).notNull(),
    title: localized('title'),
    body: localized('body'),
    coverUrl: text('cover_url'),
    courseId: bigint('course_id', { mode: 'number' }).references(() => courses.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('news_published_at_idx').on(t.publishedAt)],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
