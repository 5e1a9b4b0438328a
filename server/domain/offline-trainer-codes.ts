import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Check-in and check-out codes (issue 43). A session keeps a server-side secret; the code shown on
// the trainer's screen is derived from it and the minute (an HMAC, like a TOTP), so a code read
// off the screen or passed on is good for two minutes at most, and rotating the secret voids every
// code at once. 6 characters of Crockford base32 are 30 bits: with a learner's wrong tries
// throttled (rate-limit.ts, scope 'attendance'), a guesser gets a few dozen tries in a session's
// window against two live codes out of 2^30.

/** Crockford base32: no I, L, O, U, so a code read off a projector is not misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 6;
/** A code changes every minute (server clock). */
export const CODE_STEP_MS = 60_000;

export type CodeKind = 'in' | 'out';

/** A fresh secret for a session (rotation). */
export function newCodeSecret(): string {
  return randomBytes(32).toString('hex');
}

const stepOf = (nowMs: number) => Math.floor(nowMs / CODE_STEP_MS);

/** The code of one minute: the HMAC's first 30 bits, five to a character. */
export function codeAt(secret: string, kind: CodeKind, step: number): string {
  const mac = createHmac('sha256', secret).update(`${kind}:${step}`).digest();
  const bits = mac.readUInt32BE(0);
  let out = '';
  for (let i = 0; i < CODE_LENGTH; i++) out += ALPHABET[(bits >>> (27 - 5 * i)) & 31];
  return out;
}

/** What a learner typed, as the alphabet spells it: case, spaces and dashes ignored; I/L read as 1, O as 0. */
export function normalizeCode(typed: string): string {
  return typed
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
}

/** The codes shown now, and when they change. */
export function currentCodes(secret: string, nowMs: number): { checkIn: string; checkOut: string; changesAt: Date } {
  const step = stepOf(nowMs);
  return { checkIn: codeAt(secret, 'in', step), checkOut: codeAt(secret, 'out', step), changesAt: new Date((step + 1) * CODE_STEP_MS) };
}

/** The current minute's code and the previous one's are accepted (a learner typing across the minute). */
export function codeMatches(secret: string, kind: CodeKind, typed: string, nowMs: number): boolean {
  const given = Buffer.from(normalizeCode(typed));
  const step = stepOf(nowMs);
  let ok = false;
  for (const s of [step, step - 1]) {
    const expected = Buffer.from(codeAt(secret, kind, s));
    // Both compared every time, in constant time: the answer's timing says nothing about the code.
    ok = (given.length === expected.length && timingSafeEqual(given, expected)) || ok;
  }
  return ok;
}
