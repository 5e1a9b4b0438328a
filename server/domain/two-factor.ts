import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { TwoFactorActivation } from '../../src/api/schemas/two-factor.schema';
import { matchTotp, newTotpSecret, otpauthUrl, qrSvg } from '../auth/totp';
import type { Db } from '../db/client';
import { users, type UserRow } from '../db/schema';

/** 2fa/activate: a new pending secret (replacing any earlier one) for the app to read. */
export async function startActivation(db: Db, user: Pick<UserRow, 'id' | 'externalId'>): Promise<TwoFactorActivation> {
  const secret = newTotpSecret();
  await db.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, user.id));
  const url = otpauthUrl(secret, user.externalId);
  return { secret, otpauth_url: url, qr_svg: await qrSvg(url) };
}

export type CodeOutcome = 'accepted' | 'wrong' | 'not_enabled' | 'no_pending';

/**
 * 2fa/complete: a right code of the pending secret turns two-factor on with it. The update is
 * conditional on the pending secret still being there, so two requests with one code cannot
 * both succeed.
 */
export async function completeActivation(db: Db, user: UserRow, code: string, nowMs: number): Promise<CodeOutcome> {
  const pending = user.totpPendingSecret;
  if (!pending) return 'no_pending';
  // A new secret has no accepted codes yet: earlier steps of the old one say nothing about it.
  const step = await matchTotp(pending, code, nowMs, null);
  if (step === null) return 'wrong';
  const promoted = await db
    .update(users)
    .set({ totpSecret: pending, totpPendingSecret: null, twoFactorEnabled: true, totpLastStep: step })
    .where(and(eq(users.id, user.id), eq(users.totpPendingSecret, pending)))
    .returning({ id: users.id });
  return promoted.length === 1 ? 'accepted' : 'wrong';
}

/**
 * A code of the active secret (sign-in, in-session check). Accepted once: the step it belongs to
 * must be later than the last accepted one, and recording it is conditional on that, so a code
 * replayed at the same moment on another process is refused too.
 */
export async function acceptCode(db: Db, user: UserRow, code: string, nowMs: number): Promise<CodeOutcome> {
  if (!user.twoFactorEnabled || !user.totpSecret) return 'not_enabled';
  const step = await matchTotp(user.totpSecret, code, nowMs, user.totpLastStep);
  if (step === null) return 'wrong';
  const recorded = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(users.id, user.id),
        eq(users.twoFactorEnabled, true),
        eq(users.totpSecret, user.totpSecret),
        or(isNull(users.totpLastStep), lt(users.totpLastStep, step)),
      ),
    )
    .returning({ id: users.id });
  return recorded.length === 1 ? 'accepted' : 'wrong';
}

/** 2fa/deactivate: two-factor off, secrets forgotten. */
export async function deactivate(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ twoFactorEnabled: false, totpSecret: null, totpPendingSecret: null, totpLastStep: null })
    .where(eq(users.id, userId));
}
