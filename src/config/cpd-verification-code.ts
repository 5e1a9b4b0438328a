// Issue 45 (ADR 085): the verification code printed on a CPD statement or certificate. Random (60
// bits from crypto.randomBytes on the server), so it cannot be guessed or counted up to; written in
// RFC 4648 base32 (A–Z, 2–7: no 0/1/8/9 to confuse with O/I/B/g), in groups of four for reading
// aloud. The browser and the server share the format: a typed code is normalised (case, spaces,
// dashes) before it is checked, so "abcd efgh jklm" and "ABCD-EFGH-JKLM" are the same code.

export const CPD_VERIFICATION_CODE_LENGTH = 12;
export const CPD_VERIFICATION_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** The canonical form (12 characters, no separators). */
export const CPD_VERIFICATION_CODE = /^[A-Z2-7]{12}$/;

/** A typed code without case, spaces and dashes; null when it cannot be a code. */
export function normalizeVerificationCode(typed: string): string | null {
  if (typed.length > 64) return null;
  const code = typed.replace(/[\s-]/g, '').toUpperCase();
  return CPD_VERIFICATION_CODE.test(code) ? code : null;
}

/** ABCD-EFGH-JKLM, as printed. */
export function formatVerificationCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, '$1-');
}

/**
 * The code of GET /api/verify/:code's 404 (not genuine): an answer the /verify page shows, so the
 * client does not take it for a missing page (src/api/http.ts). Here, not in the contract, because
 * http.ts is on the first page and the contract's schemas are not.
 */
export const CPD_NOT_GENUINE_CODE = 'CpdCodeNotGenuine';
export type CpdStatementErrorCode = typeof CPD_NOT_GENUINE_CODE;
