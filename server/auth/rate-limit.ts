import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';

/**
 * What is being guessed: sign-in secrets (passwords and codes) or reset requests. Separate counts,
 * so asking for reset emails does not lock the sign-in and the other way round.
 */
export type RateScope = 'signin' | 'reset';

export interface RateSubject {
  /** The agent code (any case) when the request names or implies an account. */
  account?: string | null;
  /** The client address (see http/client-address.ts). */
  address: string;
}

export interface RateLimitOptions {
  db: Db;
  clock: Clock;
  windowSeconds: number;
  maxPerAccount: number;
  maxPerAddress: number;
}

export type Attempt =
  | { limited: true; retryAfterSeconds: number }
  | {
      limited: false;
      /** A success: the account's count starts again and the address gets its attempt back. */
      succeeded(): Promise<void>;
      /** Neither success nor failure (e.g. the code is still to come): the attempt is given back. */
      refund(): Promise<void>;
    };

const accountKey = (scope: RateScope, account: string) => `${scope}:account:${account.trim().toLowerCase()}`;
const addressKey = (scope: RateScope, address: string) => `${scope}:address:${address}`;

/**
 * Brute-force defence (DESIGN §5), counted in the database so it holds across processes. Each
 * attempt is counted when it starts, in one atomic upsert per key, and given back when it
 * succeeds: parallel guesses cannot slip past a check made before earlier ones were counted.
 * Fixed windows: a count expires with its window, so nobody is locked out for good.
 */
export function createRateLimiter({ db, clock, windowSeconds, maxPerAccount, maxPerAddress }: RateLimitOptions) {
  const windowMs = windowSeconds * 1000;

  async function attempt(scope: RateScope, subject: RateSubject): Promise<Attempt> {
    const now = clock.now();
    const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
    const limits = new Map<string, number>([[addressKey(scope, subject.address), maxPerAddress]]);
    if (subject.account) limits.set(accountKey(scope, subject.account), maxPerAccount);

    // Rows of windows that have ended only take space; the index on window_start keeps this cheap.
    await db.delete(rateLimits).where(lt(rateLimits.windowStart, windowStart));
    const counts = await db
      .insert(rateLimits)
      .values([...limits.keys()].map((key) => ({ key, windowStart, count: 1 })))
      .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
      .returning({ key: rateLimits.key, count: rateLimits.count });

    if (counts.some((row) => row.count > limits.get(row.key)!)) {
      return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now) / 1000)) };
    }
    const giveBack = (keys: string[]) =>
      db
        .update(rateLimits)
        .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
        .where(and(inArray(rateLimits.key, keys), eq(rateLimits.windowStart, windowStart)));
    return {
      limited: false,
      refund: () => giveBack([...limits.keys()]).then(() => undefined),
      async succeeded() {
        await giveBack([addressKey(scope, subject.address)]);
        if (subject.account) await clearAccount(scope, subject.account);
      },
    };
  }

  /** Forgets the account's failures (a successful sign-in or password reset). */
  async function clearAccount(scope: RateScope, account: string): Promise<void> {
    await db.delete(rateLimits).where(eq(rateLimits.key, accountKey(scope, account)));
  }

  return { attempt, clearAccount };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
