import { describe, expect, it } from 'vitest';
import { base32Decode, codeAtStep, hotp } from '../testing/rfc6238';
import { matchTotp, newTotpSecret, otpauthUrl, qrSvg, totpStep } from './totp';

const DEMO_SECRET = 'JBSWY3DPEHPK3PXP';
const STEP_MS = 30_000;
// 10 s into a step, so ±1 step is not blurred by the boundary.
const at = (step: number) => step * STEP_MS + 10_000;

describe('the reference RFC 6238 implementation of these tests', () => {
  it('gives the RFC 6238 Appendix B values (SHA-1, 8 digits)', () => {
    const key = Buffer.from('12345678901234567890', 'ascii');
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, code] of vectors) expect(hotp(key, Math.floor(seconds / 30), 8)).toBe(code);
  });

  it('decodes base32', () => {
    // "Hello!" then 0xDEADBEEF.
    expect(base32Decode(DEMO_SECRET).toString('hex')).toBe('48656c6c6f21deadbeef');
    expect(base32Decode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ').toString('ascii')).toBe('12345678901234567890');
  });
});

describe('server TOTP (otplib)', () => {
  const step = 59_000_000;

  it("accepts the reference implementation's code for the current step and tells the step", async () => {
    expect(await matchTotp(DEMO_SECRET, codeAtStep(DEMO_SECRET, step), at(step), null)).toBe(step);
    const secret = newTotpSecret();
    expect(await matchTotp(secret, codeAtStep(secret, step), at(step), null)).toBe(step);
  });

  it('accepts one step either way and refuses two', async () => {
    expect(await matchTotp(DEMO_SECRET, codeAtStep(DEMO_SECRET, step - 1), at(step), null)).toBe(step - 1);
    expect(await matchTotp(DEMO_SECRET, codeAtStep(DEMO_SECRET, step + 1), at(step), null)).toBe(step + 1);
    expect(await matchTotp(DEMO_SECRET, codeAtStep(DEMO_SECRET, step - 2), at(step), null)).toBeNull();
    expect(await matchTotp(DEMO_SECRET, codeAtStep(DEMO_SECRET, step + 2), at(step), null)).toBeNull();
  });

  it('refuses the last accepted step and earlier ones', async () => {
    const code = codeAtStep(DEMO_SECRET, step);
    expect(await matchTotp(DEMO_SECRET, code, at(step), step)).toBeNull();
    expect(await matchTotp(DEMO_SECRET, code, at(step), step - 1)).toBe(step);
    expect(await matchTotp(DEMO_SECRET, codeAtStep(DEMO_SECRET, step - 1), at(step), step - 1)).toBeNull();
    // A last step ahead of the clock (the clock went back) refuses everything without throwing.
    expect(await matchTotp(DEMO_SECRET, code, at(step), step + 5)).toBeNull();
  });

  it('refuses a wrong code, another secret, and anything that is not 6 digits', async () => {
    const code = codeAtStep(DEMO_SECRET, step);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(await matchTotp(DEMO_SECRET, wrong, at(step), null)).toBeNull();
    expect(await matchTotp(newTotpSecret(), code, at(step), null)).toBeNull();
    for (const bad of ['', '12345', '1234567', 'abcdef', ` ${code}`]) expect(await matchTotp(DEMO_SECRET, bad, at(step), null)).toBeNull();
  });

  it('makes 160-bit base32 secrets, each new', () => {
    const a = newTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(a)).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(a);
  });

  it('numbers steps from the Unix epoch in 30 s', () => {
    expect(totpStep(59_999)).toBe(1);
    expect(totpStep(60_000)).toBe(2);
  });

  it('builds the otpauth URL (issuer Agent Academy, account = agent code) and its QR code as SVG', async () => {
    const url = otpauthUrl(DEMO_SECRET, 'agent01');
    const parsed = new URL(url);
    expect(parsed.protocol).toBe('otpauth:');
    expect(parsed.host).toBe('totp');
    expect(decodeURIComponent(parsed.pathname)).toBe('/Agent Academy:agent01');
    expect(parsed.searchParams.get('secret')).toBe(DEMO_SECRET);
    expect(parsed.searchParams.get('issuer')).toBe('Agent Academy');
    const svg = await qrSvg(url);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*viewBox="0 0 \d+ \d+"/);
    expect(svg).not.toMatch(/<script/i);
  });
});
