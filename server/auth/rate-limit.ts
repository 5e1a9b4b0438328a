import { and, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { rateLimits, sessions, users } from '../db/schema';

/**
 * What is being guessed: sign-in secrets (passwords and codes) or reset requests. Separate counts,
 * so asking for reset emails does not slow the sign-in and the other way round.
 */
export type RateScope = 'signin' | 'reset' | 'attendance' | 'verify';

export interface RateSubject {
  /** The agent code (any case) when the request names or implies an account. */
  account?: string | null;
  /** The client address (see http/client-address.ts). */
  address: string;
  /** The browser's X-Client-Id, when it sent one: a browser that signed in to the account before is known. */
  device?: string | null;
}

export interface RateLimitOptions {
  db: Db;
  clock: Clock;
  /** The sliding window failures are counted in. */
  windowSeconds: number;
  /** Failures in the window before an account (or a known device of it) is slowed down. */
  maxPerAccount: number;
  /** Failures in the window before a client address is slowed down. */
  maxPerAddress: number;
  /** The longest wait between two tries once slowed down. */
  maxDelaySeconds: number;
}

export type Attempt =
  | { limited: true; retryAfterSeconds: number }
  | {
      limited: false;
      /** A success: the account's (or known browser's) failures are forgotten, the address gets its attempt back. */
      succeeded(): Promise<void>;
      /** Neither success nor failure (e.g. the code is still to come): the attempt is given back. */
      refund(): Promise<void>;
    };

const accountKey = (scope: RateScope, account: string) => `${scope}:account:${account.trim().toLowerCase()}`;
const deviceKey = (scope: RateScope, account: string, device: string) => `${accountKey(scope, account)}:device:${device.toLowerCase()}`;
const addressKey = (scope: RateScope, address: string) => `${scope}:address:${address}`;

/** The wait after the last try once `failures` reach `limit`: 1 s, then doubling, up to the cap. */
export function slowDownMs(failures: number, limit: number, maxDelayMs: number): number {
  if (failures < limit) return 0;
  return Math.min(1000 * 2 ** Math.min(failures - limit, 30), maxDelayMs);
}

/**
 * Brute-force defence (DESIGN §5, OWASP ASVS 6.3.1; ADR 013), kept in the database so it holds
 * across processes. Each try is a row (key, time, count) in rate_limits; the failures of a key are
 * the rows of the last windowSeconds (a sliding window: they leave one by one, there is no edge to
 * wait for). Past its limit a key is slowed down, never locked: the next try is allowed once 1 s,
 * 2 s, 4 s … (at most maxDelaySeconds) have passed since the last one.
 *
 * Keys: the client address, and the account. A browser that signed in to the account before (its
 * X-Client-Id has a session of the account) counts on a key of its own instead, so the owner's
 * usual browser keeps working however hard others guess the account. An attacker cannot take
 * that path without the owner's client id, and on it gets the same slow-down.
 *
 * A try is counted when it starts, under a per-key advisory lock, so parallel guesses cannot slip
 * past a check made before earlier ones were counted; a refused try is not counted (it told nothing).
 */
export function createRateLimiter({ db, clock, windowSeconds, maxPerAccount, maxPerAddress, maxDelaySeconds }: RateLimitOptions) {
  const windowMs = windowSeconds * 1000;
  const maxDelayMs = maxDelaySeconds * 1000;

  async function isKnownDevice(account: string, device: string): Promise<boolean> {
    const [row] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(sessions.userId, users.id))
      .where(and(eq(sql`lower(${users.externalId})`, account.trim().toLowerCase()), eq(sessions.clientId, device.toLowerCase())))
      .limit(1);
    return row !== undefined;
  }

  async function attempt(scope: RateScope, subject: RateSubject): Promise<Attempt> {
    const { account, device } = subject;
    const known = account && device ? await isKnownDevice(account, device) : false;
    const limits = new Map<string, number>();
    if (known) limits.set(deviceKey(scope, account!, device!), maxPerAccount);
    else {
      limits.set(addressKey(scope, subject.address), maxPerAddress);
      if (account) limits.set(accountKey(scope, account), maxPerAccount);
    }
    return tryKeys(limits, addressKey(scope, subject.address));
  }

  /**
   * A guess counted on one subject's key only, with its own limit (issue 43: a learner's check-in
   * codes for one session). No address key: a classroom shares one Wi-Fi address, and one
   * learner's typos must not slow the others down.
   */
  function attemptSubject(scope: RateScope, subject: string, limit: number): Promise<Attempt> {
    return tryKeys(new Map([[`${scope}:subject:${subject}`, limit]]), null);
  }

  async function tryKeys(limits: Map<string, number>, address: string | null): Promise<Attempt> {
    const now = clock.now();
    const at = new Date(now);
    const keys = [...limits.keys()].sort();

    // Tries that left the window are not read (the window bounds every read) and are removed by
    // `pruneExpired`, the housekeeping sweep's, not by each sign-in (ADR 041).
    const waitMs = await db.transaction(async (tx) => {
      // One try per key at a time, across processes (PostgreSQL); PGlite runs one anyway. One
      // statement takes every key's lock, in the array's (sorted) order, so two tries never wait
      // on each other crosswise.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(k)) from unnest(array[${sql.join(keys.map((key) => sql`${key}`), sql`, `)}]::text[]) as k`);
      const seen = await tx
        .select({ key: rateLimits.key, failures: sql<number>`coalesce(sum(${rateLimits.count}), 0)::int`, last: sql<string>`max(${rateLimits.windowStart})` })
        .from(rateLimits)
        .where(and(inArray(rateLimits.key, keys), gt(rateLimits.windowStart, new Date(now - windowMs)), gt(rateLimits.count, 0)))
        .groupBy(rateLimits.key);
      const wait = Math.max(
        0,
        ...seen.map((row) => new Date(row.last).getTime() + slowDownMs(row.failures, limits.get(row.key)!, maxDelayMs) - now),
      );
      if (wait > 0) return wait;
      await tx
        .insert(rateLimits)
        .values(keys.map((key) => ({ key, windowStart: at, count: 1 })))
        .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } });
      return 0;
    });
    if (waitMs > 0) return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };

    const giveBack = (given: string[]) =>
      db
        .update(rateLimits)
        .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
        .where(and(inArray(rateLimits.key, given), eq(rateLimits.windowStart, at)));
    return {
      limited: false,
      refund: () => giveBack(keys).then(() => undefined),
      async succeeded() {
        // The count this try was on starts again. The owner's browser signing in leaves the
        // others' count alone: it must not hand a guesser a fresh allowance. The address's try is
        // given back; the account's rows go (one statement for both).
        if (address === null) {
          // A subject's own key only (attemptSubject): its failures are forgotten.
          await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
          return;
        }
        const accountSide = keys.filter((key) => key !== address);
        if (accountSide.length === 0) return giveBack(keys).then(() => undefined);
        await db.execute(sql`with gone as (delete from ${rateLimits} where ${inArray(rateLimits.key, accountSide)})
          update ${rateLimits} set count = greatest(${rateLimits.count} - 1, 0) where ${eq(rateLimits.key, address)} and ${eq(rateLimits.windowStart, at)}`);
      },
    };
  }

  /** Forgets the account's failures, its known devices' included (a successful sign-in or reset). */
  async function clearAccount(scope: RateScope, account: string): Promise<void> {
    const key = accountKey(scope, account);
    await db.delete(rateLimits).where(or(eq(rateLimits.key, key), sql`starts_with(${rateLimits.key}, ${`${key}:`})`));
  }

  /** Removes the tries that have left the window (the housekeeping sweep, ADR 041); answers how many. */
  async function pruneExpired(): Promise<number> {
    const gone = await db.delete(rateLimits).where(lte(rateLimits.windowStart, new Date(clock.now() - windowMs))).returning({ key: rateLimits.key });
    return gone.length;
  }

  return { attempt, attemptSubject, clearAccount, pruneExpired };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
