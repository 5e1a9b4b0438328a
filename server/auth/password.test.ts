import { describe, expect, it } from 'vitest';
import { hashPassword, isCommonPassword, verifyPassword } from './password';

describe('passwords', () => {
  it('hashes with argon2id and verifies', async () => {
    const hash = await hashPassword('Learner2026');
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash, 'Learner2026')).toBe(true);
    expect(await verifyPassword(hash, 'learner2026')).toBe(false);
  });

  it('answers false without a hash or with a broken one', async () => {
    expect(await verifyPassword(undefined, 'Learner2026')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'Learner2026')).toBe(false);
  });

  it.each(['Password1', 'Welcome123', 'Qwerty123', 'PASSWORD1', 'password', 'Summer2026', 'Iloveyou1'])('refuses %s as common', (p) => {
    expect(isCommonPassword(p)).toBe(true);
  });

  it.each(['Learner2026', 'Manager2026', 'Tq7vLmZ2pa', 'Joiner2026'])('accepts %s', (p) => {
    expect(isCommonPassword(p)).toBe(false);
  });
});
