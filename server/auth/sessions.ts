import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, ne, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Language } from '../../src/config/constants';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { sessions, tokens, users, type UserRow } from '../db/schema';
import type { TokenSigner } from './jwt';

/** A refreshed token keeps working this long, so requests already in flight with it succeed. */
export const REFRESH_GRACE_SECONDS = 30;
// Writing last_seen_at on every request would double the queries; a minute's precision is enough.
const LAST_SEEN_PRECISION_MS = 60_000;

export interface AuthSession {
  userId: number;
  sessionId: string;
  jti: string;
  g2fa: boolean;
  expiresAt: number;
  /** The user has not changed the initial password yet (users.password_reset false, SPEC §4). */
  mustChangePassword: boolean;
  /** A refresh replaced this token: it may finish requests during the grace, not mint tokens. */
  superseded: boolean;
  /** The signed-in user as the same query read it: users/current is answered from it (ADR 037). */
  user: SignedInUser;
}

/** The user's columns the token lookup reads along (users/current's fields, SPEC §3). */
export type SignedInUser = Pick<UserRow, 'id' | 'externalId' | 'name' | 'iconUrl' | 'coverUrl' | 'managerId' | 'role' | 'passwordReset' | 'unreadNotificationCount' | 'language' | 'welcomedAt'>;

export type AuthFailure = 'missing' | 'invalid' | 'expired' | 'revoked' | 'device_expired';
export type AuthOutcome = { ok: true; session: AuthSession } | { ok: false; reason: AuthFailure };

export interface SessionServiceOptions {
  db: Db;
  signer: TokenSigner;
  clock: Clock;
  timeoutSeconds: number;
  /** SINGLE_DEVICE_SESSIONS: a sign-in from another client id expires the user's other sessions. */
  singleDevice?: boolean;
}

export function createSessionService({ db, signer, clock, timeoutSeconds, singleDevice = false }: SessionServiceOptions) {
  // Every signed-in request runs it: built once (ADR 037), not by Drizzle on each request. It reads
  // the user too (the unread count is a column kept by triggers, migration 0017), so the session
  // check and users/current, which every page asks for, are one round trip.
  const tokenLookup = db
    .select({
      userId: sessions.userId,
      sessionId: sessions.id,
      revokedAt: sessions.revokedAt,
      deviceExpiredAt: sessions.deviceExpiredAt,
      lastSeenAt: sessions.lastSeenAt,
      g2fa: sessions.g2fa,
      supersededAt: tokens.supersededAt,
      user: {
        id: users.id,
        externalId: users.externalId,
        name: users.name,
        iconUrl: users.iconUrl,
        coverUrl: users.coverUrl,
        managerId: users.managerId,
        role: users.role,
        passwordReset: users.passwordReset,
        unreadNotificationCount: users.unreadNotificationCount,
        language: users.language,
        welcomedAt: users.welcomedAt,
      },
    })
    .from(tokens)
    .innerJoin(sessions, eq(tokens.sessionId, sessions.id))
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(eq(tokens.jti, sql.placeholder('jti')))
    .prepare('token_lookup');

  /**
   * A signed token and the row that makes it stand, made before the transaction that stores the
   * row: signing runs on the thread pool (WebCrypto), where it may wait behind password hashes, and
   * a transaction open meanwhile holds a database connection idle (bench:load L: the pool ran dry).
   * A token whose row is never stored is refused (authenticate looks the row up).
   */
  async function mintToken(sessionId: string, userId: number, g2fa: boolean) {
    const issuedAtSeconds = Math.floor(clock.now() / 1000);
    const expiresAtSeconds = issuedAtSeconds + timeoutSeconds;
    const jti = randomUUID();
    const token = await signer.sign({ userId, jti, issuedAtSeconds, expiresAtSeconds, g2fa });
    const row = { jti, sessionId, issuedAt: new Date(issuedAtSeconds * 1000), expiresAt: new Date(expiresAtSeconds * 1000) };
    return { token, row, store: async (tx: Pick<Db, 'insert'>) => (await tx.insert(tokens).values(row), token) };
  }

  /** Sign-in: a new session row for this browser (its X-Client-Id) and its first token; `g2fa`
   * when the second factor was passed in the same step (2fa/verify). */
  async function start(userId: number, clientId: string | null, g2fa = false): Promise<{ token: string; sessionId: string }> {
    const sessionId = randomUUID();
    const now = new Date(clock.now());
    // Expired tokens are refused by their exp claim already; `pruneExpiredTokens` (the housekeeping
    // sweep, ADR 041) removes their rows.
    const { token, row } = await mintToken(sessionId, userId, g2fa);
    // One statement, so one round trip and no transaction held open across the event loop (ADR 064):
    // the session, its first token and, with one device per user, the other devices' sessions
    // expired, all or nothing. The token's row references the session inserted beside it (the
    // foreign key is checked at the statement's end). The update does not see the new session.
    const at = now.toISOString();
    const expireOthers = singleDevice
      ? // One active device per user: the same browser (client id) signing in again is not another device.
        sql`, expired as (update ${sessions} set device_expired_at = ${at}::timestamptz
            where user_id = ${userId}::bigint and revoked_at is null and device_expired_at is null and client_id is distinct from ${clientId}::text)`
      : sql``;
    await db.execute(sql`with started as (
        insert into ${sessions} (id, user_id, client_id, created_at, last_seen_at, g2fa)
        values (${sessionId}::uuid, ${userId}::bigint, ${clientId}::text, ${at}::timestamptz, ${at}::timestamptz, ${g2fa}::boolean))${expireOthers}
      insert into ${tokens} (jti, session_id, issued_at, expires_at)
      values (${row.jti}::text, ${sessionId}::uuid, ${row.issuedAt.toISOString()}::timestamptz, ${row.expiresAt.toISOString()}::timestamptz)`);
    return { token, sessionId };
  }

  /** Checks a bearer token: signature, lifetime, and that its session and the token itself still stand. */
  async function authenticate(token: string | null): Promise<AuthOutcome> {
    if (!token) return { ok: false, reason: 'missing' };
    const verified = await signer.verify(token, clock.now());
    if (!verified.ok) return { ok: false, reason: verified.reason };
    const { claims } = verified;
    const [row] = await tokenLookup.execute({ jti: claims.jti });
    if (!row || String(row.userId) !== claims.sub) return { ok: false, reason: 'invalid' };
    if (row.revokedAt) return { ok: false, reason: 'revoked' };
    if (row.deviceExpiredAt) return { ok: false, reason: 'device_expired' };
    if (row.supersededAt && clock.now() > row.supersededAt.getTime() + REFRESH_GRACE_SECONDS * 1000) {
      return { ok: false, reason: 'revoked' };
    }
    if (clock.now() - row.lastSeenAt.getTime() > LAST_SEEN_PRECISION_MS) {
      await db.update(sessions).set({ lastSeenAt: new Date(clock.now()) }).where(eq(sessions.id, row.sessionId));
    }
    return {
      ok: true,
      session: {
        userId: row.userId,
        sessionId: row.sessionId,
        jti: claims.jti,
        g2fa: row.g2fa,
        expiresAt: claims.exp * 1000,
        superseded: row.supersededAt !== null,
        mustChangePassword: !row.user.passwordReset,
        user: row.user,
      },
    };
  }

  /**
   * A new token for the same session; the current ones are superseded and die after the grace.
   * `g2fa` changes whether the session has passed the second factor (2fa/complete, deactivate).
   * Null when the caller's token is itself superseded: the grace is for requests in flight, not
   * for minting (else an old token could supersede, and so evict, the newest one). The check is
   * the update itself, so of two parallel refreshes with one token only one mints.
   */
  async function refresh(session: AuthSession, g2fa = session.g2fa): Promise<string | null> {
    const now = new Date(clock.now());
    const next = await mintToken(session.sessionId, session.userId, g2fa);
    const minted = await db.transaction(async (tx) => {
      const superseded = await tx
        .update(tokens)
        .set({ supersededAt: now })
        .where(and(eq(tokens.sessionId, session.sessionId), isNull(tokens.supersededAt)))
        .returning({ jti: tokens.jti });
      if (!superseded.some((row) => row.jti === session.jti)) {
        tx.rollback();
      }
      await tx.update(sessions).set({ lastSeenAt: now, g2fa }).where(eq(sessions.id, session.sessionId));
      return next.store(tx);
    }).catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) return null;
      throw error;
    });
    return minted;
  }

  /** Logout: the session and so every token of it is refused from now on. */
  async function revoke(sessionId: string): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: new Date(clock.now()) })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  /** After a password change: every other session of the user ends. */
  async function revokeOthers(userId: number, keepSessionId: string): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: new Date(clock.now()) })
      .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)));
  }

  /** After a password reset by email: every session of the user ends. */
  async function revokeAll(userId: number): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: new Date(clock.now()) })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }

  /** The user a session belongs to (any state), for XSRF cookies minted in another tab. */
  async function ownerOf(sessionId: string): Promise<number | null> {
    const [row] = await db.select({ userId: sessions.userId }).from(sessions).where(eq(sessions.id, sessionId));
    return row?.userId ?? null;
  }

  /** Removes the rows of tokens past their lifetime and the refresh grace (the housekeeping sweep, ADR 041); answers how many. */
  async function pruneExpiredTokens(): Promise<number> {
    const gone = await db
      .delete(tokens)
      .where(lt(tokens.expiresAt, new Date(clock.now() - REFRESH_GRACE_SECONDS * 1000)))
      .returning({ jti: tokens.jti });
    return gone.length;
  }

  /** The interface language the user now uses (requireAuth, when a request's differs from the stored one). */
  async function rememberLanguage(userId: number, language: Language): Promise<void> {
    await db.update(users).set({ language }).where(eq(users.id, userId));
  }

  return { start, authenticate, refresh, revoke, revokeOthers, revokeAll, ownerOf, pruneExpiredTokens, rememberLanguage };
}
export type SessionService = ReturnType<typeof createSessionService>;
