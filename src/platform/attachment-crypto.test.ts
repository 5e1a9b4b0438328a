// The pure parts of src/platform/attachment-crypto (the worker itself runs in the browser: bench/decrypt.mjs).
import { describe, expect, it } from 'vitest';
import { DECRYPT_CHUNK, dataUrlOf, decryptStored, openStored, present, verifyIntegrity } from './attachment-crypto/decrypt-core';
import { AttachmentDecryptError, AttachmentTamperedError, reviveError } from './attachment-crypto/errors';
import { decryptAttachment } from './attachment-crypto';
import { releaseBuffer } from './attachment-crypto/release-buffer';

const b64 = (bytes: Uint8Array | ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));

/** The storage format of the server: IV ‖ AES-CBC-PKCS7(plain), an HMAC-SHA256 of the SHA-256 of
 * each piece of it (ADR 011); with `pieceSize` null, of all of it (files stored before). */
async function seal(plain: Uint8Array<ArrayBuffer>, fixed = false, pieceSize: number | null = 1024) {
  // Fixed keys make a wrong-key outcome deterministic (a random one passes the padding 1 time in ~256).
  const random = (n: number, fill: number) => (fixed ? new Uint8Array(n).fill(fill) : crypto.getRandomValues(new Uint8Array(n)));
  const aesRaw = random(32, 9);
  const macRaw = random(32, 8);
  const iv = random(16, 7);
  const aes = await crypto.subtle.importKey('raw', aesRaw, 'AES-CBC', false, ['encrypt']);
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-CBC', iv }, aes, plain));
  const stored = new Uint8Array(16 + cipher.length);
  stored.set(iv);
  stored.set(cipher, 16);
  const mac = await crypto.subtle.importKey('raw', macRaw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  if (pieceSize === null) {
    const digest = await crypto.subtle.sign('HMAC', mac, stored);
    return { stored: stored.buffer, key: b64(aesRaw), integrity: { algorithm: 'HMAC-SHA256' as const, key: b64(macRaw), digest: b64(digest) } };
  }
  const pieces: Uint8Array[] = [];
  for (let at = 0; at < stored.length; at += pieceSize) pieces.push(new Uint8Array(await crypto.subtle.digest('SHA-256', stored.slice(at, at + pieceSize))));
  const message = new Uint8Array(pieces.length * 32);
  pieces.forEach((p, i) => message.set(p, i * 32));
  const digest = await crypto.subtle.sign('HMAC', mac, message);
  return {
    stored: stored.buffer,
    key: b64(aesRaw),
    integrity: { algorithm: 'HMAC-SHA256-PIECES' as const, key: b64(macRaw), digest: b64(digest), piece_size: pieceSize },
  };
}

const wrongKey = b64(new Uint8Array(32).fill(1));
const text = new TextEncoder().encode('Agent Academy: product guide, page 1 of 3. '.repeat(50));

describe('verify then decrypt', () => {
  it('opens what the server sealed', async () => {
    const s = await seal(text);
    expect(Array.from(new Uint8Array(await openStored(s.stored, s.key, s.integrity)))).toEqual(Array.from(text));
  });

  it('decrypts across chunk borders, whatever the length', async () => {
    // Cipher text ending exactly on a chunk, one block after it, and in the middle of one.
    for (const length of [2 * DECRYPT_CHUNK - 16, 2 * DECRYPT_CHUNK, DECRYPT_CHUNK + 12345, 5]) {
      const plain = new Uint8Array(length).map((_, i) => (i * 31 + (i >> 12)) % 256);
      const s = await seal(plain);
      const opened = await openStored(s.stored, s.key, s.integrity);
      expect(opened.length).toBe(length);
      expect(Buffer.from(opened).equals(Buffer.from(plain))).toBe(true);
    }
  });

  it('a wrong key fails a multi-chunk file too', async () => {
    const plain = new Uint8Array(DECRYPT_CHUNK * 2 + 100).fill(3);
    const s = await seal(plain, true);
    await expect(decryptStored(s.stored, wrongKey)).rejects.toBeInstanceOf(AttachmentDecryptError);
  });

  it('refuses a flipped byte anywhere as tampered, before decrypting', async () => {
    const s = await seal(text);
    for (const at of [0, 16, s.stored.byteLength - 1]) {
      const copy = s.stored.slice(0);
      new Uint8Array(copy)[at] ^= 1;
      await expect(openStored(copy, s.key, s.integrity)).rejects.toBeInstanceOf(AttachmentTamperedError);
    }
  });

  it('checks files stored before with an HMAC of the whole stored bytes', async () => {
    const s = await seal(text, false, null);
    expect(Array.from(new Uint8Array(await openStored(s.stored, s.key, s.integrity)))).toEqual(Array.from(text));
    const copy = s.stored.slice(0);
    new Uint8Array(copy)[100] ^= 1;
    await expect(openStored(copy, s.key, s.integrity)).rejects.toBeInstanceOf(AttachmentTamperedError);
  });

  it('refuses pieces swapped, a piece dropped, a wrong piece size and an unknown algorithm', async () => {
    const plain = new Uint8Array(4000).map((_, i) => i % 251);
    const s = await seal(plain);
    const bytes = new Uint8Array(s.stored);
    const swapped = new Uint8Array(bytes.length);
    swapped.set(bytes.subarray(1024, 2048), 0);
    swapped.set(bytes.subarray(0, 1024), 1024);
    swapped.set(bytes.subarray(2048), 2048);
    await expect(verifyIntegrity(swapped.buffer, s.integrity)).rejects.toBeInstanceOf(AttachmentTamperedError);
    const dropped = new Uint8Array(bytes.length - 1024);
    dropped.set(bytes.subarray(0, 1024));
    dropped.set(bytes.subarray(2048), 1024);
    await expect(verifyIntegrity(dropped.buffer, s.integrity)).rejects.toBeInstanceOf(AttachmentTamperedError);
    await expect(verifyIntegrity(s.stored, { ...s.integrity, piece_size: 2048 } as never)).rejects.toBeInstanceOf(AttachmentTamperedError);
    await expect(verifyIntegrity(s.stored, { ...s.integrity, algorithm: 'MD5' } as never)).rejects.toBeInstanceOf(AttachmentTamperedError);
  });

  it('refuses a truncated file and a wrong digest as tampered', async () => {
    const s = await seal(text);
    await expect(verifyIntegrity(s.stored.slice(0, s.stored.byteLength - 16), s.integrity)).rejects.toBeInstanceOf(AttachmentTamperedError);
    const other = await seal(text);
    await expect(openStored(s.stored, s.key, { ...s.integrity, digest: other.integrity.digest })).rejects.toBeInstanceOf(AttachmentTamperedError);
  });

  it('a wrong key is a decrypt error, not a crash', async () => {
    const s = await seal(text, true);
    await expect(decryptStored(s.stored, wrongKey)).rejects.toBeInstanceOf(AttachmentDecryptError);
    await expect(decryptStored(s.stored, 'not base64!')).rejects.toBeInstanceOf(AttachmentDecryptError);
    await expect(decryptStored(s.stored, b64(new Uint8Array(7)))).rejects.toBeInstanceOf(AttachmentDecryptError);
    await expect(decryptStored(new ArrayBuffer(40), s.key)).rejects.toBeInstanceOf(AttachmentDecryptError);
  });

  it('a file stored in the clear is answered as it is', async () => {
    expect(Array.from(new Uint8Array(await openStored(text.slice().buffer, null, null)))).toEqual(Array.from(text));
  });
});

describe('presenting the plain bytes (SPEC §7)', () => {
  it('video, audio and image become data URLs of their type', () => {
    const plain = new Uint8Array([1, 2, 3, 250]);
    expect(present('mp4', plain)).toEqual({ kind: 'video', mime: 'video/mp4', dataUrl: 'data:video/mp4;base64,AQID+g==' });
    expect(present('mp3', plain)).toMatchObject({ kind: 'audio', dataUrl: 'data:audio/mpeg;base64,AQID+g==' });
    expect(present('png', plain)).toMatchObject({ kind: 'image', dataUrl: 'data:image/png;base64,AQID+g==' });
    expect(present('jpeg', plain)).toMatchObject({ kind: 'image', mime: 'image/jpeg' });
  });

  it('large media goes out as a Blob of its type instead of a data URL', async () => {
    const plain = new Uint8Array(64).fill(7);
    const result = present('mp4', plain, 32);
    expect(result).toMatchObject({ kind: 'video', mime: 'video/mp4' });
    const blob = 'blob' in result ? result.blob : null;
    expect(blob?.type).toBe('video/mp4');
    expect(blob?.size).toBe(64);
    expect('dataUrl' in present('mp4', plain, 64)).toBe(true);
  });

  it('a PDF stays bytes; an office document is never decrypted', () => {
    const plain = new Uint8Array([37, 80, 68, 70]);
    const pdf = present('pdf', plain);
    expect(pdf.kind === 'pdf' && pdf.bytes).toBe(plain);
    expect(() => present('docx', plain)).toThrow(AttachmentDecryptError);
  });

  it('encodes large data the same as btoa', () => {
    const big = new Uint8Array(100_003).map((_, i) => (i * 7) % 256);
    expect(dataUrlOf(big, 'image/png')).toBe(`data:image/png;base64,${btoa(Array.from(big, (c) => String.fromCharCode(c)).join(''))}`);
  });

  it('office documents come back as their URL without a worker', async () => {
    await expect(decryptAttachment({ bytes: new ArrayBuffer(0), key: null, integrity: null, type: 'xlsx', url: '/api/files/t' })).resolves.toEqual({
      kind: 'document',
      url: '/api/files/t',
    });
  });

  it('errors keep their type across the worker boundary', () => {
    expect(reviveError({ name: 'AttachmentTamperedError', message: 'x' })).toBeInstanceOf(AttachmentTamperedError);
    expect(reviveError({ name: 'AttachmentDecryptError', message: 'x' })).toBeInstanceOf(AttachmentDecryptError);
    expect(reviveError({ name: 'TypeError', message: 'y' })).toMatchObject({ name: 'TypeError', message: 'y' });
  });
});

describe('releaseBuffer (WebCrypto answers freed at once, ADR 011)', () => {
  it('takes the buffer away from the caller: it is detached, its memory no longer held', async () => {
    const answer = await crypto.subtle.digest('SHA-256', new Uint8Array(1024));
    expect(answer.byteLength).toBe(32);
    releaseBuffer(answer);
    expect(answer.byteLength).toBe(0);
    // A view of it can no longer be made: nothing can read the released memory.
    expect(() => new Uint8Array(answer)).toThrow(/detached/);
  });

  it('keeps working call after call, and a buffer already detached is no error', () => {
    for (let i = 0; i < 100; i += 1) {
      const buffer = new ArrayBuffer(4096);
      releaseBuffer(buffer);
      expect(buffer.byteLength).toBe(0);
      expect(() => releaseBuffer(buffer)).not.toThrow();
    }
  });
});
