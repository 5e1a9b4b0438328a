import { createGuardrails, generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { OTP_LENGTH, PRODUCT_TITLE } from '../../src/config/constants';

// RFC 6238 as every authenticator app does it: HMAC-SHA-1, 6 digits, 30-second steps.
export const TOTP_PERIOD_SECONDS = 30;
/** One step either way: a phone clock a little off, or a code typed as it rolled over. */
export const TOTP_TOLERANCE_STEPS = 1;
/** 20 bytes (160 bits), RFC 4226's recommendation. */
const SECRET_BYTES = 20;

// otplib refuses secrets under 16 bytes by default; the demo account's well-known secret
// (JBSWY3DPEHPK3PXP) is 10. Secrets this server generates are 20.
const guardrails = createGuardrails({ MIN_SECRET_BYTES: 10 });

export function newTotpSecret(): string {
  return generateSecret({ length: SECRET_BYTES });
}

/** The time step a moment falls in. */
export const totpStep = (nowMs: number) => Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);

/**
 * The time step `code` belongs to, within the tolerance around `nowMs`, or null. Steps at or
 * before `afterStep` (the last accepted one) are not tried: a code is good once.
 */
export async function matchTotp(secret: string, code: string, nowMs: number, afterStep: number | null): Promise<number | null> {
  if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code)) return null;
  // otplib throws when afterStep lies beyond the window (the server clock went back): nothing matches.
  if (afterStep !== null && afterStep >= totpStep(nowMs) + TOTP_TOLERANCE_STEPS) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: TOTP_TOLERANCE_STEPS * TOTP_PERIOD_SECONDS,
    afterTimeStep: afterStep ?? undefined,
    guardrails,
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** The otpauth:// URL an authenticator app reads (issuer "Agent Academy", account = the agent code). */
export function otpauthUrl(secret: string, externalId: string): string {
  return generateURI({ issuer: PRODUCT_TITLE, label: externalId, secret });
}

/** The URL as an SVG QR code, drawn here so the browser bundle carries no QR library. */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}
