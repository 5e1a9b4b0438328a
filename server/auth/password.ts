import { readFileSync } from 'node:fs';
import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id with OWASP's parameters (19 MiB, t=2, p=1).
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Verifying against this keeps an unknown agent code as slow as a wrong password, so response
// time does not tell which agent codes exist.
let dummyHash: Promise<string> | undefined;

/** Checks `password` against `passwordHash`; with no hash, burns the same time and answers false. */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('timing-equaliser');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let commonPasswords: Set<string> | undefined;

function loadCommonPasswords(): Set<string> {
  const text = readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8');
  return new Set(
    text
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
}

/** DESIGN §5: on top of the spec's rule, refuse well-known passwords (case-insensitively). */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= loadCommonPasswords();
  return commonPasswords.has(password.trim().toLowerCase());
}
