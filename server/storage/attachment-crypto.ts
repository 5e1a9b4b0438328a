import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// The storage format the browser decrypts (issue 5 "Storage format"): IV (16 random bytes) ‖
// AES-256-CBC-PKCS7(plaintext), and an HMAC-SHA256 over those stored bytes so a tampered file is
// refused before it is decrypted. Keys and digest travel base64 in the attachments row.

const IV_BYTES = 16;
const KEY_BYTES = 32;

export interface EncryptedAttachment {
  /** IV ‖ ciphertext: the bytes written to the file store. */
  stored: Buffer;
  /** base64 AES-256 key (attachments.encryption_key). */
  key: string;
  /** base64 HMAC-SHA256 key (attachments.mac_key). */
  macKey: string;
  /** base64 HMAC-SHA256(macKey, stored) (attachments.mac_digest). */
  macDigest: string;
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
    macDigest: createHmac('sha256', macKey).update(stored).digest('base64'),
  };
}

export class AttachmentIntegrityError extends Error {
  constructor() {
    super('attachment integrity check failed');
    this.name = 'AttachmentIntegrityError';
  }
}

/** The server never needs the plaintext; this mirrors the browser's check, for tests and tools. */
export function verifyAndDecrypt(stored: Uint8Array, secrets: { key: string; macKey: string; macDigest: string }): Buffer {
  const expected = Buffer.from(secrets.macDigest, 'base64');
  const actual = createHmac('sha256', Buffer.from(secrets.macKey, 'base64')).update(stored).digest();
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) throw new AttachmentIntegrityError();
  if (stored.length < IV_BYTES * 2 || stored.length % IV_BYTES !== 0) throw new AttachmentIntegrityError();
  const decipher = createDecipheriv('aes-256-cbc', Buffer.from(secrets.key, 'base64'), stored.subarray(0, IV_BYTES));
  return Buffer.concat([decipher.update(stored.subarray(IV_BYTES)), decipher.final()]);
}
