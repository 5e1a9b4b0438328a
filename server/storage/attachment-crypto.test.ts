import { createDecipheriv, createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AttachmentIntegrityError, encryptAttachment, MAC_PIECE_BYTES, verifyAndDecrypt } from './attachment-crypto';

const sample = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + 7) & 0xff);

describe('attachment crypto', () => {
  it.each([0, 1, 15, 16, 17, 4096])('round-trips %i bytes as IV ‖ AES-256-CBC-PKCS7', (n) => {
    const plain = sample(n);
    const enc = encryptAttachment(plain);
    // PKCS7 always pads: one to sixteen bytes after the 16-byte IV.
    expect(enc.stored.length).toBe(16 + (Math.floor(n / 16) + 1) * 16);
    expect(Buffer.from(enc.key, 'base64')).toHaveLength(32);
    expect(Buffer.from(enc.macKey, 'base64')).toHaveLength(32);
    expect(Buffer.from(enc.macDigest, 'base64')).toHaveLength(32);
    expect(verifyAndDecrypt(enc.stored, enc)).toEqual(Buffer.from(plain));
  });

  it('decrypts with plain AES-CBC using the first 16 bytes as the IV (what the browser does)', () => {
    const plain = Buffer.from('Page 1 of 4');
    const enc = encryptAttachment(plain);
    const d = createDecipheriv('aes-256-cbc', Buffer.from(enc.key, 'base64'), enc.stored.subarray(0, 16));
    expect(Buffer.concat([d.update(enc.stored.subarray(16)), d.final()]).toString()).toBe('Page 1 of 4');
  });

  it('uses a fresh key, MAC key and IV every time', () => {
    const a = encryptAttachment(sample(64));
    const b = encryptAttachment(sample(64));
    expect(a.key).not.toBe(b.key);
    expect(a.macKey).not.toBe(b.macKey);
    expect(a.stored.subarray(0, 16).equals(b.stored.subarray(0, 16))).toBe(false);
  });

  it.each([0, 20, -1])('refuses a file with the byte at %i flipped', (at) => {
    const enc = encryptAttachment(sample(100));
    const tampered = Buffer.from(enc.stored);
    tampered[at < 0 ? tampered.length + at : at] ^= 0x01;
    expect(() => verifyAndDecrypt(tampered, enc)).toThrow(AttachmentIntegrityError);
  });

  it('refuses a truncated file and a wrong digest', () => {
    const enc = encryptAttachment(sample(100));
    expect(() => verifyAndDecrypt(enc.stored.subarray(0, enc.stored.length - 16), enc)).toThrow(AttachmentIntegrityError);
    const other = encryptAttachment(sample(100));
    expect(() => verifyAndDecrypt(enc.stored, { ...enc, macDigest: other.macDigest })).toThrow(AttachmentIntegrityError);
  });

  it('the digest is the HMAC of the SHA-256 of each piece, in order (ADR 011)', () => {
    const plain = sample(MAC_PIECE_BYTES * 2 + 100);
    const enc = encryptAttachment(plain);
    expect(enc.macPieceSize).toBe(MAC_PIECE_BYTES);
    const pieces = [0, 1, 2].map((i) => createHash('sha256').update(enc.stored.subarray(i * MAC_PIECE_BYTES, (i + 1) * MAC_PIECE_BYTES)).digest());
    const expected = createHmac('sha256', Buffer.from(enc.macKey, 'base64')).update(Buffer.concat(pieces)).digest('base64');
    expect(enc.macDigest).toBe(expected);
    // Files stored before: the HMAC of the whole stored bytes, checked as such.
    const whole = createHmac('sha256', Buffer.from(enc.macKey, 'base64')).update(enc.stored).digest('base64');
    expect(verifyAndDecrypt(enc.stored, { ...enc, macDigest: whole, macPieceSize: null })).toEqual(Buffer.from(plain));
    expect(() => verifyAndDecrypt(enc.stored, { ...enc, macDigest: whole })).toThrow(AttachmentIntegrityError);
  });
});
