import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users, type UserRow } from '../db/schema';

// Issue 47, ADR 102: the new joiner's welcome. Due once the forced password change is done
// (password_reset true) while welcomed_at is empty; migration 0037 filled welcomed_at for every
// account that existed, so only accounts made since (a recruit, a new agent) are new joiners.

/** The rule, on a row already read (users/current answers it from the session's own read, ADR 037). */
export const welcomeDueOf = (row: Pick<UserRow, 'welcomedAt' | 'passwordReset'>): boolean => row.welcomedAt === null && row.passwordReset;

export async function welcomeDue(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ welcomedAt: users.welcomedAt, passwordReset: users.passwordReset }).from(users).where(eq(users.id, userId));
  return !!row && welcomeDueOf(row);
}

/** Records the dismissal once: a second one keeps the first time. */
export async function dismissWelcome(db: Db, userId: number, now: Date): Promise<void> {
  await db.update(users).set({ welcomedAt: now }).where(and(eq(users.id, userId), isNull(users.welcomedAt)));
}
