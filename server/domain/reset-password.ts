import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Language } from '../../src/config/constants';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { passwordResetTokens, users } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { resetPasswordMail } from '../mail/reset-password.mail';
import { findUserByExternalId } from './users';

export const RESET_TOKEN_LIFETIME_MINUTES = 60;

export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface ResetRequest {
  externalId: string;
  email: string;
  lang: Language;
}

/**
 * Forgot password: when the agent code and the email on record match, store a single-use token
 * (its hash only) and email the link. Answers nothing either way (no account enumeration).
 */
export async function requestPasswordReset(
  deps: { db: Db; mailer: Mailer; clock: Clock; appBaseUrl: string },
  { externalId, email, lang }: ResetRequest,
): Promise<void> {
  const user = await findUserByExternalId(deps.db, externalId);
  if (!user || user.email.trim().toLowerCase() !== email.trim().toLowerCase()) return;
  const token = randomBytes(32).toString('base64url');
  await deps.db.insert(passwordResetTokens).values({
    tokenHash: hashResetToken(token),
    userId: user.id,
    expiresAt: new Date(deps.clock.now() + RESET_TOKEN_LIFETIME_MINUTES * 60_000),
    createdAt: new Date(deps.clock.now()),
  });
  const link = `${deps.appBaseUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(
    resetPasswordMail({ lang, to: user.email, name: user.name, externalId: user.externalId, link, minutes: RESET_TOKEN_LIFETIME_MINUTES }),
  );
}

/** Whose token this is, if it exists at all (the attempt counts against that account), and
 * whether it can still be used. */
export async function findResetToken(db: Db, clock: Clock, token: string): Promise<{ externalId: string; usable: boolean } | null> {
  const [row] = await db
    .select({ externalId: users.externalId, usedAt: passwordResetTokens.usedAt, expiresAt: passwordResetTokens.expiresAt })
    .from(passwordResetTokens)
    .innerJoin(users, eq(passwordResetTokens.userId, users.id))
    .where(eq(passwordResetTokens.tokenHash, hashResetToken(token)));
  if (!row) return null;
  return { externalId: row.externalId, usable: row.usedAt === null && row.expiresAt.getTime() > clock.now() };
}

/**
 * Reset password: uses the token (unused and unexpired, checked in the same statement that marks
 * it used, so it works once even when sent twice at the same moment), retires the user's other
 * reset links, and sets the password with password_reset true. The user id, or null.
 */
export async function consumeResetToken(db: Db, clock: Clock, token: string, passwordHash: string): Promise<number | null> {
  const now = new Date(clock.now());
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.tokenHash, hashResetToken(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
      .returning({ userId: passwordResetTokens.userId });
    if (!used) return null;
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, used.userId), isNull(passwordResetTokens.usedAt)));
    await tx.update(users).set({ passwordHash, passwordReset: true }).where(eq(users.id, used.userId));
    return used.userId;
  });
}
