import { z } from 'zod/mini';
import { int4, text } from './bounds.schema';
import { attachmentSummarySchema } from './courses.schema';
import { viewingIdSchema } from './viewings.schema';

// SPEC §7 "Attachments". Ids reuse the course schema's id rule.
export { courseIdParamSchema as attachmentIdParamSchema } from './courses.schema';

/** An idempotency key: the timestamp (ms) at which the record it belongs to began. */
export const idempotencyKeySchema = z.int({ error: 'validation:key_invalid' }).check(z.positive({ error: 'validation:key_invalid' }));

/** Integrity the spec does not forbid, which the browser verifies before it decrypts; a tampered
 * file is refused, never played. HMAC-SHA256-PIECES: an HMAC-SHA256 of the SHA-256 digests of the
 * stored bytes' (IV + ciphertext) pieces of piece_size bytes, in order (ADR 011: far quicker to
 * check in a browser); HMAC-SHA256: of the stored bytes themselves (files stored before). */
export const attachmentIntegritySchema = z.union([
  z.object({
    algorithm: z.literal('HMAC-SHA256-PIECES'),
    /** base64 */
    key: z.string(),
    /** base64 */
    digest: z.string(),
    piece_size: z.int().check(z.positive()),
  }),
  z.object({
    algorithm: z.literal('HMAC-SHA256'),
    key: z.string(),
    digest: z.string(),
  }),
]);
export type AttachmentIntegrity = z.infer<typeof attachmentIntegritySchema>;

/** GET attachments/{id}. */
export const attachmentDetailSchema = z.object({
  ...attachmentSummarySchema.shape,
  course_id: z.nullable(z.string()),
  /** Stored AES-CBC (PKCS7, IV first) when true; office documents are not. */
  encrypted: z.boolean(),
  /** AES key, base64 (SPEC §7); null when not encrypted. */
  key: z.nullable(z.string()),
  integrity: z.nullable(attachmentIntegritySchema),
  /** An HLS (AES-128) rendition: the playlist's uri for attachments/{id}/stream; null if none. */
  stream: z.nullable(z.object({ playlist: z.string() })),
  /** Recorded so far (SPEC §3 attachment status). */
  completed_pages: z.int(),
  duration: z.int(),
  likes: z.int(),
  liked: z.boolean(),
  /** SPEC §9: completion needs the media played to its end (video). */
  criteria: z.boolean(),
  /** SPEC §9: seeking ahead of what was played is allowed (audio) or refused (video). */
  skip_allowed: z.boolean(),
});
export type AttachmentDetail = z.infer<typeof attachmentDetailSchema>;

/** GET attachments/{id}/generate_download: a short-lived URL of the stored bytes (no bearer needed,
 * so a new window or a media element can open it). */
export const generateDownloadResponseSchema = z.object({
  url: z.string(),
  /** ISO 8601 */
  expires_at: z.string(),
});
export type GenerateDownloadResponse = z.infer<typeof generateDownloadResponseSchema>;

/** PUT attachments/{id}/status (SPEC §3 attachment status payload); idempotent by key. */
export const attachmentStatusPayloadSchema = z.object({
  completed_pages: int4('validation:pages_invalid').check(z.nonnegative({ error: 'validation:pages_invalid' })),
  duration: int4('validation:duration_invalid').check(z.positive({ error: 'validation:duration_invalid' })),
  key: idempotencyKeySchema,
  viewing_id: viewingIdSchema,
});
export type AttachmentStatusPayload = z.infer<typeof attachmentStatusPayloadSchema>;

/** GET attachments/{id}/stream?uri=: a file of the HLS rendition (playlist text or segment). */
export const attachmentStreamQuerySchema = z.object({
  uri: text({ error: 'validation:uri_invalid' }).check(z.regex(/^[A-Za-z0-9_-]{1,64}\.(m3u8|ts)$/, { error: 'validation:uri_invalid' })),
});

/** GET files/{token}: any text; a malformed token is answered like a forged one (404), telling a prober nothing more. */
export const fileTokenParamSchema = z.object({ token: z.string() });
