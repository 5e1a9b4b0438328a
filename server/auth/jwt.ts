import { createHmac } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export interface TokenInput {
  userId: number;
  jti: string;
  issuedAtSeconds: number;
  expiresAtSeconds: number;
  g2fa: boolean;
}

export interface VerifiedClaims {
  sub: string;
  jti: string;
  iat: number;
  exp: number;
  g2fa: boolean;
}

export type VerifyResult = { ok: true; claims: VerifiedClaims } | { ok: false; reason: 'invalid' | 'expired' };

/** Derives independent keys from the one server secret (JWT signing, XSRF HMAC, ...). */
export function deriveKey(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`agent-academy:${purpose}`).digest();
}

/** Tokens whose verification a process remembers (the oldest is forgotten first): about 4 MB. */
export const VERIFIED_TOKENS_KEPT = 10_000;

export function createTokenSigner(secret: string) {
  // ADR 037: imported once; given the raw bytes, jose imports the key again on every call.
  const imported = crypto.subtle.importKey('raw', new Uint8Array(deriveKey(secret, 'jwt')), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);

  async function sign(input: TokenInput): Promise<string> {
    const jwt = new SignJWT(input.g2fa ? { g2fa: true } : {})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(input.userId))
      .setJti(input.jti)
      .setIssuedAt(input.issuedAtSeconds)
      .setNotBefore(input.issuedAtSeconds)
      .setExpirationTime(input.expiresAtSeconds);
    return jwt.sign(await imported);
  }

  // ADR 037: a token's signature and claims never change, so a token verified once need not be
  // verified again on this process: only its lifetime is checked against the clock each time, as
  // jose does. Whether its session and the token itself still stand is asked of the database on
  // every request (sessions.ts), so a revoked token is refused at once on every process.
  const verified = new Map<string, { claims: VerifiedClaims; nbf: number }>();

  async function verifyWithJose(token: string, nowMs: number): Promise<VerifyResult & { nbf?: number }> {
    try {
      const { payload } = await jwtVerify(token, await imported, {
        algorithms: ['HS256'],
        currentDate: new Date(nowMs),
        requiredClaims: ['sub', 'jti', 'iat', 'exp'],
      });
      if (typeof payload.sub !== 'string' || !/^\d+$/.test(payload.sub) || typeof payload.jti !== 'string') {
        return { ok: false, reason: 'invalid' };
      }
      return {
        ok: true,
        claims: { sub: payload.sub, jti: payload.jti, iat: payload.iat!, exp: payload.exp!, g2fa: payload.g2fa === true },
        nbf: typeof payload.nbf === 'number' ? payload.nbf : Number.NEGATIVE_INFINITY,
      };
    } catch (error) {
      return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }

  async function verify(token: string, nowMs: number): Promise<VerifyResult> {
    const known = verified.get(token);
    if (known) {
      // jose's rules, in whole seconds: expired from `exp` on, not valid before `nbf`.
      const now = Math.floor(nowMs / 1000);
      if (known.claims.exp <= now) {
        verified.delete(token);
        return { ok: false, reason: 'expired' };
      }
      if (known.nbf > now) return { ok: false, reason: 'invalid' };
      return { ok: true, claims: known.claims };
    }
    const result = await verifyWithJose(token, nowMs);
    if (!result.ok) return result;
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
    verified.set(token, { claims: result.claims, nbf: result.nbf ?? Number.NEGATIVE_INFINITY });
    return { ok: true, claims: result.claims };
  }

  return { sign, verify };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
