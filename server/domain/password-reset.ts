import { createHash, randomBytes } from 'node:crypto';
import type { Language } from '../../src/config/constants';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { passwordResetTokens } from '../db/schema';
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
