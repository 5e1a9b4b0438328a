import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { deriveKey, VERIFIED_TOKENS_KEPT } from './jwt';
import type { AuthOutcome, SessionService } from './sessions';

// Cookie value: "<binding>.<nonce>.<mac>", binding = a session id after sign-in, "a" before.
// The MAC (HMAC-SHA256 with a key derived from the server secret) means a planted value that the
// server did not mint is refused; the binding means a value minted for another account is refused.
const ANONYMOUS = 'a';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function createXsrf(secret: string, sessions: Pick<SessionService, 'ownerOf'>) {
  const key = deriveKey(secret, 'xsrf');
  const mac = (binding: string, nonce: string) => createHmac('sha256', key).update(`${binding}.${nonce}`).digest('base64url');

  // ADR 037: a value's MAC never changes, and a tab sends the same cookie with every call, so a
  // value whose MAC was checked once is remembered (the oldest forgotten first) instead of being
  // hashed again on every request. Only the MAC is remembered: the binding is checked each time.
  const minted = new Set<string>();
  function macMatches(value: string, binding: string, nonce: string, signature: string): boolean {
    if (minted.has(value)) return true;
    if (!safeEqual(signature, mac(binding, nonce))) return false;
    if (minted.size >= VERIFIED_TOKENS_KEPT) minted.delete(minted.values().next().value!);
    minted.add(value);
    return true;
  }

  /** A fresh value bound to `sessionId`, or an anonymous one. */
  function mint(sessionId: string | null): string {
    const binding = sessionId ?? ANONYMOUS;
    const nonce = randomBytes(18).toString('base64url');
    return `${binding}.${nonce}.${mac(binding, nonce)}`;
  }

  /**
   * Whether `value` is a cookie this server minted and that fits the request: before sign-in any
   * minted value does (the tab may hold one from an ended session); a signed-in request needs one
   * bound to a session of the same user (another tab of that user may have minted it).
   */
  async function accepts(value: string | undefined, auth: AuthOutcome): Promise<boolean> {
    if (!value) return false;
    const parts = value.split('.');
    if (parts.length !== 3) return false;
    const [binding, nonce, signature] = parts;
    if (binding !== ANONYMOUS && !UUID.test(binding)) return false;
    if (!macMatches(value, binding, nonce, signature)) return false;
    if (!auth.ok) return true;
    if (binding === auth.session.sessionId) return true;
    if (binding === ANONYMOUS) return false;
    return (await sessions.ownerOf(binding)) === auth.session.userId;
  }

  return { mint, accepts };
}
export type Xsrf = ReturnType<typeof createXsrf>;
