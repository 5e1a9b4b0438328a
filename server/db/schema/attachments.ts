import { bigint, boolean, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { ATTACHMENT_TYPES, MATERIAL_LANGUAGES } from '../../../src/config/constants';
import { createdAt } from './columns';
import { users } from './users';

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
