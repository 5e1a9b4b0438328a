import type { AttachmentIntegrity } from '../../api/schemas/attachments.schema';
import { ATTACHMENT_MEDIA, type AttachmentType } from '../../config/constants';
import { AttachmentDecryptError, AttachmentTamperedError } from './errors';
import { releaseBuffer } from './release-buffer';

// The pure work of the decrypt worker, kept apart so it can be tested without a worker.

const IV_LENGTH = 16;

export const MIME: Record<AttachmentType, string> = {
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
  png: 'image/png',
  jpeg: 'image/jpeg',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

function fromBase64(value: string, what: string): Uint8Array<ArrayBuffer> {
  try {
    const binary = atob(value);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    throw new AttachmentDecryptError(`${what} is not base64`);
  }
}

const SHA256_BYTES = 32;
/** Piece digests asked for at once: WebCrypto answers them in order, a few ahead keep it busy. */
const DIGESTS_IN_FLIGHT = 4;

/** The SHA-256 digests of the stored bytes' pieces, in order: each WebCrypto call copies only one
 * small piece (a whole 200 MB copy is fresh memory, slow to touch: ADR 011). */
export async function pieceDigests(bytes: Uint8Array<ArrayBuffer>, pieceSize: number): Promise<Uint8Array<ArrayBuffer>> {
  const count = Math.ceil(bytes.length / pieceSize);
  const out = new Uint8Array(count * SHA256_BYTES);
  const pending: Array<Promise<void>> = [];
  for (let i = 0; i < count; i += 1) {
    const piece = bytes.subarray(i * pieceSize, Math.min(bytes.length, (i + 1) * pieceSize));
    pending.push(crypto.subtle.digest('SHA-256', piece).then((d) => out.set(new Uint8Array(d), i * SHA256_BYTES)));
    if (pending.length >= DIGESTS_IN_FLIGHT) await pending.shift();
  }
  await Promise.all(pending);
  return out;
}

/** The HMAC-SHA256 of the stored bytes (IV ‖ ciphertext), or of their pieces' digests, compared in
 * constant time by WebCrypto. */
export async function verifyIntegrity(stored: ArrayBuffer, integrity: AttachmentIntegrity): Promise<void> {
  const algorithm: string = integrity.algorithm;
  if (algorithm !== 'HMAC-SHA256' && algorithm !== 'HMAC-SHA256-PIECES') throw new AttachmentTamperedError(`unknown integrity algorithm ${algorithm}`);
  const key = await crypto.subtle.importKey('raw', fromBase64(integrity.key, 'integrity key'), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  const digest = fromBase64(integrity.digest, 'integrity digest');
  // A view, not the buffer: Node's WebCrypto (tests under jsdom) rejects a foreign-realm ArrayBuffer.
  const bytes = new Uint8Array(stored);
  const message = integrity.algorithm === 'HMAC-SHA256-PIECES' ? await pieceDigests(bytes, integrity.piece_size) : bytes;
  if (!(await crypto.subtle.verify('HMAC', key, digest, message))) throw new AttachmentTamperedError();
}

/** Plain text is decrypted in chunks of this size (a multiple of the AES block) and written back
 * over the stored bytes: no second whole-file buffer is allocated, and each chunk's answer is
 * released at once (release-buffer.ts), so the same warm memory serves every chunk. Where fresh
 * memory is slow to touch, that costs more than the AES itself; WebCrypto's own copy of a chunk
 * above ~1 MiB is fresh memory every time, so chunks stay at 256 KiB (ADR 011). */
export const DECRYPT_CHUNK = 1 << 18;
const PAD_BLOCK = new Uint8Array(16).fill(16);

/**
 * AES-CBC with PKCS7 padding, the first 16 bytes being the IV (SPEC §7). WebCrypto only decrypts a
 * whole padded message, so every chunk but the last gets one extra block whose plain text is a full
 * padding block (AES-CBC encrypt of 16×0x10 chained on the chunk's last cipher block): WebCrypto then
 * strips exactly that block. Answers a view over `stored` (its first bytes now hold the plain text).
 */
export async function decryptStored(stored: ArrayBuffer, base64Key: string): Promise<Uint8Array<ArrayBuffer>> {
  if (stored.byteLength < IV_LENGTH * 2 || (stored.byteLength - IV_LENGTH) % 16 !== 0) {
    throw new AttachmentDecryptError('not an AES-CBC file (length)');
  }
  const raw = fromBase64(base64Key, 'key');
  if (![16, 24, 32].includes(raw.length)) throw new AttachmentDecryptError('AES key of a wrong length');
  const key = await crypto.subtle.importKey('raw', raw, { name: 'AES-CBC' }, false, ['encrypt', 'decrypt']);
  const bytes = new Uint8Array(stored);
  const scratch = new Uint8Array(DECRYPT_CHUNK + 16);
  let written = 0;
  try {
    for (let start = IV_LENGTH; start < bytes.length; start += DECRYPT_CHUNK) {
      const end = Math.min(start + DECRYPT_CHUNK, bytes.length);
      // WebCrypto copies its arguments when called, so the bytes may be overwritten afterwards.
      const iv = bytes.subarray(start - IV_LENGTH, start);
      let input: Uint8Array<ArrayBuffer> = bytes.subarray(start, end);
      if (end < bytes.length) {
        const pad = await crypto.subtle.encrypt({ name: 'AES-CBC', iv: bytes.subarray(end - 16, end) }, key, PAD_BLOCK);
        scratch.set(input);
        scratch.set(new Uint8Array(pad, 0, 16), end - start);
        input = scratch.subarray(0, end - start + 16);
      }
      const plain = await crypto.subtle.decrypt({ name: 'AES-CBC', iv }, key, input);
      // Behind the next chunk's IV and cipher text: nothing still to be read is overwritten.
      bytes.set(new Uint8Array(plain), written);
      written += plain.byteLength;
      releaseBuffer(plain);
    }
  } catch {
    // WebCrypto says only "OperationError": a wrong key shows up as bad padding.
    throw new AttachmentDecryptError();
  }
  return bytes.subarray(0, written);
}

/** Verify first, decrypt only bytes that passed (no padding oracle, nothing unverified shown).
 * Answers a view of the plain text (over `stored` itself). */
export async function openStored(stored: ArrayBuffer, key: string | null, integrity: AttachmentIntegrity | null): Promise<Uint8Array<ArrayBuffer>> {
  if (integrity) await verifyIntegrity(stored, integrity);
  return key === null ? new Uint8Array(stored) : decryptStored(stored, key);
}

function base64Of(bytes: Uint8Array): string {
  let out = '';
  // Chunks keep String.fromCharCode's argument list bounded.
  for (let i = 0; i < bytes.length; i += 0x8000) out += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(out);
}

declare const FileReaderSync: { new (): { readAsDataURL(blob: Blob): string } } | undefined;

/** `data:<mime>;base64,…`: natively in a worker (FileReaderSync), by hand elsewhere (tests). */
export function dataUrlOf(plain: Uint8Array<ArrayBuffer>, mime: string): string {
  if (typeof FileReaderSync !== 'undefined') return new FileReaderSync().readAsDataURL(new Blob([plain], { type: mime }));
  return `data:${mime};base64,${base64Of(plain)}`;
}

export type MediaKind = 'video' | 'audio' | 'image';

/** Media up to this size is answered as a data URL (SPEC §7). Larger media goes out as a Blob the
 * page turns into a blob: URL: a data URL crosses to the main thread as a string copy (a 200 MB
 * video blocked it ~240 ms in the bench) and is a third larger than the media itself. */
export const DATA_URL_MAX_BYTES = 16 * 1024 * 1024;

/** What the worker answers. */
export type WorkerResult =
  | { kind: MediaKind; mime: string; dataUrl: string }
  | { kind: MediaKind; mime: string; blob: Blob }
  | { kind: 'pdf'; bytes: Uint8Array<ArrayBuffer> };

export function present(type: AttachmentType, plain: Uint8Array<ArrayBuffer>, dataUrlMax = DATA_URL_MAX_BYTES): WorkerResult {
  const kind = ATTACHMENT_MEDIA[type];
  if (kind === 'pdf') return { kind, bytes: plain };
  if (kind === 'document') throw new AttachmentDecryptError('an office document is opened by its URL, not decrypted');
  const mime = MIME[type];
  if (plain.length > dataUrlMax) return { kind, mime, blob: new Blob([plain], { type: mime }) };
  return { kind, mime, dataUrl: dataUrlOf(plain, mime) };
}
