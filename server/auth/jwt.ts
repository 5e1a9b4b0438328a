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

export function createTokenSigner(secret: string) {
  const key = new Uint8Array(deriveKey(secret, 'jwt'));

  async function sign(input: TokenInput): Promise<string> {
    const jwt = new SignJWT(input.g2fa ? { g2fa: true } : {})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(input.userId))
      .setJti(input.jti)
      .setIssuedAt(input.issuedAtSeconds)
      .setNotBefore(input.issuedAtSeconds)
      .setExpirationTime(input.expiresAtSeconds);
    return jwt.sign(key);
  }

  async function verify(token: string, nowMs: number): Promise<VerifyResult> {
    try {
      const { payload } = await jwtVerify(token, key, {
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
      };
    } catch (error) {
      return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }

  return { sign, verify };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
