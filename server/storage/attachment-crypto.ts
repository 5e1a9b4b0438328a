import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// The storage format the browser decrypts (issue 5 "Storage format"): IV (16 random bytes) ‖
// AES-256-CBC-PKCS7(plaintext), and an HMAC-SHA256 over the SHA-256 digests of those stored bytes'
// pieces, so a tampered file is refused before it is decrypted. Keys and digest travel base64 in
// the attachments row.

const IV_BYTES = 16;
const KEY_BYTES = 32;
/** The browser hashes pieces of this size: under the size at which its WebCrypto copies become
 * fresh, slow memory (ADR 011), so the check costs a fifth of one HMAC over the whole file. */
export const MAC_PIECE_BYTES = 128 * 1024;

/** The SHA-256 digests of `stored`'s pieces of `pieceSize` bytes, in order (the HMAC's message). */
export function pieceDigests(stored: Uint8Array, pieceSize: number): Buffer {
  const digests: Buffer[] = [];
  for (let start = 0; start < stored.length; start += pieceSize) digests.push(createHash('sha256').update(stored.subarray(start, start + pieceSize)).digest());
  return Buffer.concat(digests);
}

/** The integrity digest: of the pieces' digests with a piece size, of the whole stored bytes without. */
export function macOf(stored: Uint8Array, macKey: Buffer, pieceSize: number | null): Buffer {
  return createHmac('sha256', macKey)
    .update(pieceSize === null ? stored : pieceDigests(stored, pieceSize))
    .digest();
}

export interface EncryptedAttachment {
  /** IV ‖ ciphertext: the bytes written to the file store. */
  stored: Buffer;
  /** base64 AES-256 key (attachments.encryption_key). */
  key: string;
  /** base64 HMAC-SHA256 key (attachments.mac_key). */
  macKey: string;
  /** base64 HMAC-SHA256(macKey, SHA-256 of each piece of stored) (attachments.mac_digest). */
  macDigest: string;
  /** attachments.mac_piece_size. */
  macPieceSize: number;
}

export function encryptAttachment(plain: Uint8Array): EncryptedAttachment {
  const key = randomBytes(KEY_BYTES);
  const macKey = randomBytes(KEY_BYTES);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  const stored = Buffer.concat([iv, cipher.update(plain), cipher.final()]);
  return {
    stored,
    key: key.toString('base64'),
    macKey: macKey.toString('base64'),
    macDigest: macOf(stored, macKey, MAC_PIECE_BYTES).toString('base64'),
    macPieceSize: MAC_PIECE_BYTES,
  };
}

export class AttachmentIntegrityError extends Error {
  constructor() {
    super('attachment integrity check failed');
    this.name = 'AttachmentIntegrityError';
  }
}

/** The server never needs the plaintext; this mirrors the browser's check, for tests and tools. */
export function verifyAndDecrypt(stored: Uint8Array, secrets: { key: string; macKey: string; macDigest: string; macPieceSize?: number | null }): Buffer {
  const expected = Buffer.from(secrets.macDigest, 'base64');
  const actual = macOf(stored, Buffer.from(secrets.macKey, 'base64'), secrets.macPieceSize ?? null);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) throw new AttachmentIntegrityError();
  if (stored.length < IV_BYTES * 2 || stored.length % IV_BYTES !== 0) throw new AttachmentIntegrityError();
  const decipher = createDecipheriv('aes-256-cbc', Buffer.from(secrets.key, 'base64'), stored.subarray(0, IV_BYTES));
  return Buffer.concat([decipher.update(stored.subarray(IV_BYTES)), decipher.final()]);
}
