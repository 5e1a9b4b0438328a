import { describe, expect, it } from 'vitest';
import { createTokenSigner } from './jwt';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const issuedAtSeconds = 1_800_000_000;
const input = { userId: 7, jti: '0b7c6f0e-1111-4222-8333-944445555666', issuedAtSeconds, expiresAtSeconds: issuedAtSeconds + 600, g2fa: true };
const at = (seconds: number) => (issuedAtSeconds + seconds) * 1000;

describe('bearer token verification', () => {
  it('accepts its own token, again and again, with the same claims', async () => {
    const signer = createTokenSigner(SECRET);
    const token = await signer.sign(input);
    const first = await signer.verify(token, at(1));
    expect(first).toEqual({ ok: true, claims: { sub: '7', jti: input.jti, iat: issuedAtSeconds, exp: issuedAtSeconds + 600, g2fa: true } });
    await expect(signer.verify(token, at(2))).resolves.toEqual(first);
  });

  it('refuses a token it verified before once its lifetime is over (exp is checked on every use)', async () => {
    const signer = createTokenSigner(SECRET);
    const token = await signer.sign(input);
    expect((await signer.verify(token, at(599.9))).ok).toBe(true);
    await expect(signer.verify(token, at(600))).resolves.toEqual({ ok: false, reason: 'expired' });
    await expect(signer.verify(token, at(601))).resolves.toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token before its not-before time, whether or not it was verified before', async () => {
    const signer = createTokenSigner(SECRET);
    const token = await signer.sign(input);
    await expect(signer.verify(token, at(-5))).resolves.toEqual({ ok: false, reason: 'invalid' });
    expect((await signer.verify(token, at(1))).ok).toBe(true);
    await expect(signer.verify(token, at(-5))).resolves.toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a changed token and one signed with another secret, after the genuine one was verified', async () => {
    const signer = createTokenSigner(SECRET);
    const token = await signer.sign(input);
    expect((await signer.verify(token, at(1))).ok).toBe(true);
    const [header, payload, signature] = token.split('.');
    const otherSignature = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    await expect(signer.verify(`${header}.${payload}.${otherSignature}`, at(1))).resolves.toEqual({ ok: false, reason: 'invalid' });
    const forged = Buffer.from(JSON.stringify({ sub: '1', jti: input.jti, iat: issuedAtSeconds, nbf: issuedAtSeconds, exp: issuedAtSeconds + 600 })).toString('base64url');
    await expect(signer.verify(`${header}.${forged}.${signature}`, at(1))).resolves.toEqual({ ok: false, reason: 'invalid' });
    const stranger = await createTokenSigner(`${SECRET}-other`).sign(input);
    await expect(signer.verify(stranger, at(1))).resolves.toEqual({ ok: false, reason: 'invalid' });
  });
});
