import { createHmac } from 'node:crypto';

// An independent RFC 6238 implementation (node:crypto only, not otplib) so tests prove that the
// server accepts what any authenticator app computes, and not merely what otplib computes.

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/=+$/, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const index = BASE32.indexOf(ch);
    if (index < 0) throw new Error(`not base32: ${ch}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** HOTP (RFC 4226 §5.3) with HMAC-SHA-1. */
export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(binary).padStart(digits, '0');
}

export const STEP_SECONDS = 30;

/** The code of time step `step` for a base32 secret. */
export const codeAtStep = (base32Secret: string, step: number) => hotp(base32Decode(base32Secret), step);

/** The step a moment (ms) falls in. */
export const stepOf = (ms: number) => Math.floor(ms / 1000 / STEP_SECONDS);
