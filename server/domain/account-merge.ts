import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { MergeCount, MergePreview, MergeResult } from '../../src/api/schemas/account-merge.schema';
import type { Language } from '../../src/config/constants';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import {
  accountMergeRequests,
  accountMerges,
  attachmentLikes,
  attachmentProgress,
  courseEnrolments,
  courseLikes,
  creditedSpans,
  feedbackResponses,
  identityChecks,
  mockAttempts,
  notifications,
  offlineAttendance,
  offlineEnrolments,
  onScreenLogs,
  quizAttempts,
  quizExtraTime,
  scormRuntime,
  users,
  viewings,
  vocabBookmarks,
  type MovedRows,
  type UserRow,
} from '../db/schema';
import { HttpError } from '../http/errors';
import type { Mailer } from '../mail/mailer';
import { mergeVerificationMail } from '../mail/account-merge.mail';
import { findUserByExternalId } from './users';

// Issue 14, SPEC §4 account linking: a recruit's records move into an agent account.

export const MERGE_LINK_LIFETIME_MINUTES = 60;

/** A table whose rows a user owns, and the column that says whose they are. */
export interface OwnedTable {
  table: PgTable;
  user: PgColumn;
}

/**
 * THE list of what a merge moves: every record of the learner. A feature that adds a table with a
 * column referencing users.id adds it here or to NOT_MOVED (account-merge.test.ts fails until it does).
 */
export const OWNED_TABLES: OwnedTable[] = [
  { table: onScreenLogs, user: onScreenLogs.userId },
  { table: creditedSpans, user: creditedSpans.userId },
  { table: viewings, user: viewings.userId },
  { table: courseEnrolments, user: courseEnrolments.userId },
  { table: courseLikes, user: courseLikes.userId },
  { table: attachmentLikes, user: attachmentLikes.userId },
  { table: attachmentProgress, user: attachmentProgress.userId },
  { table: identityChecks, user: identityChecks.userId },
  { table: notifications, user: notifications.userId },
  { table: feedbackResponses, user: feedbackResponses.userId },
  { table: quizAttempts, user: quizAttempts.userId },
  { table: quizExtraTime, user: quizExtraTime.userId },
  { table: mockAttempts, user: mockAttempts.userId },
  { table: scormRuntime, user: scormRuntime.userId },
  { table: offlineEnrolments, user: offlineEnrolments.userId },
  { table: offlineAttendance, user: offlineAttendance.userId },
  { table: vocabBookmarks, user: vocabBookmarks.userId },
];

/** Columns referencing users.id that a merge leaves alone, each with the reason ("table.column"). */
export const NOT_MOVED: Record<string, string> = {
  'users.upline_id': "the recruit's upline is a property of the account, not a record; the agent keeps their own",
  'sessions.user_id': 'sign-in sessions belong to the device and the account that signed in',
  'password_reset_tokens.user_id': "reset links are for one account's password",
  'offline_enrolments.decided_by': 'who decided (a manager), not whose record it is',
  'recruit_accounts.user_id': 'how the recruit account was created: stays with it',
  'recruit_accounts.created_by': 'the manager who created the recruit account',
  'account_merge_requests.recruit_id': 'the merge requests themselves',
  'account_merge_requests.agent_id': 'the merge requests themselves',
  'account_merges.recruit_id': 'the audit of the merge names both sides',
  'account_merges.agent_id': 'the audit of the merge names both sides',
  'profile_pictures.user_id': "the pictures behind the account's own icon_url and cover_url, which a merge leaves with it; the agent keeps theirs",
};

interface TableShape {
  name: string;
  user: string;
  pk: string[];
}

function shapeOf({ table, user }: OwnedTable): TableShape {
  const config = getTableConfig(table);
  const pk = [...config.columns.filter((c) => c.primary).map((c) => c.name), ...config.primaryKeys.flatMap((p) => p.columns.map((c) => c.name))];
  if (pk.length === 0) throw new Error(`account merge: ${config.name} has no primary key`);
  return { name: config.name, user: user.name, pk };
}

// PGlite answers {rows}, postgres-js an array of rows.
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}

const id = (name: string) => sql.identifier(name);
const list = (names: string[]) =>
  sql.join(
    names.map((n) => id(n)),
    sql`, `,
  );
const pkMatch = (pk: string[], row: Record<string, unknown>): SQL =>
  sql.join(
    pk.map((c) => sql`${id(c)} = ${row[c]}`),
    sql` and `,
  );

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Moves what can move of one table, in savepoints: all rows at once, or when the agent already has
 * an equal of some (a unique key: same course, same attachment …), one by one, leaving those.
 */
async function moveTable(tx: Db, shape: TableShape, fromId: number, toId: number): Promise<{ moved: Record<string, unknown>[]; kept: number }> {
  const update = (db: Db, where: SQL) =>
    db.execute(sql`update ${id(shape.name)} set ${id(shape.user)} = ${toId} where ${id(shape.user)} = ${fromId} and ${where} returning ${list(shape.pk)}`);
  const inSavepoint = async (where: SQL) => keysOf(await tx.transaction(async (sp) => update(sp as unknown as Db, where)));
  try {
    return { moved: await inSavepoint(sql`true`), kept: 0 };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const rows = keysOf(await tx.execute(sql`select ${list(shape.pk)} from ${id(shape.name)} where ${id(shape.user)} = ${fromId}`));
  const moved: Record<string, unknown>[] = [];
  let kept = 0;
  for (const row of rows) {
    try {
      moved.push(...(await inSavepoint(pkMatch(shape.pk, row))));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      kept += 1;
    }
  }
  return { moved, kept };
}

/** Primary keys as JSON can hold them (bigint as text; PostgreSQL reads the text back as the column's type). */
const keysOf = (result: unknown) =>
  rowsOf<Record<string, unknown>>(result).map((row) =>
    Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'bigint' ? String(v) : v instanceof Date ? v.toISOString() : v])),
  );

export interface MergeOutcome {
  moved: MovedRows;
  conflicts: Record<string, number>;
}

/** Moves every owned row it can from `fromId` to `toId`, inside the caller's transaction. */
export async function moveOwnedRows(tx: Db, fromId: number, toId: number): Promise<MergeOutcome> {
  const moved: MovedRows = {};
  const conflicts: Record<string, number> = {};
  for (const owned of OWNED_TABLES) {
    const shape = shapeOf(owned);
    const result = await moveTable(tx, shape, fromId, toId);
    if (result.moved.length > 0) moved[shape.name] = result.moved;
    if (result.kept > 0) conflicts[shape.name] = result.kept;
  }
  return { moved, conflicts };
}

const counts = (byTable: Record<string, number>): MergeCount[] => Object.entries(byTable).map(([table, count]) => ({ table, count }));
const movedCounts = (moved: MovedRows) => counts(Object.fromEntries(Object.entries(moved).map(([t, rows]) => [t, rows.length])));

export const hashMergeToken = (token: string) => createHash('sha256').update(token).digest('hex');

async function alreadyMerged(db: Db, column: 'agentId' | 'recruitId', userId: number): Promise<boolean> {
  return (await db.$count(accountMerges, and(eq(accountMerges[column], userId), isNull(accountMerges.undoneAt)))) > 0;
}

/**
 * The recruit asks: the agent code and company email must name one agent account; a single-use
 * link (its token's hash stored) is emailed to that address.
 */
export async function requestMerge(
  deps: { db: Db; mailer: Mailer; clock: Clock; appBaseUrl: string; ldContactEmail: string },
  recruit: UserRow,
  input: { agent_code: string; company_email: string },
  lang: Language,
): Promise<{ email: string; expires_at: string }> {
  const { db } = deps;
  if (recruit.role !== 'recruit') throw new HttpError(403, 'server:merge_not_recruit');
  if (await alreadyMerged(db, 'recruitId', recruit.id)) throw new HttpError(409, 'server:merge_recruit_already_merged');
  const agent = await findUserByExternalId(db, input.agent_code);
  if (!agent || agent.role !== 'agent' || agent.email.trim().toLowerCase() !== input.company_email.trim().toLowerCase())
    throw new HttpError(400, 'server:merge_cannot_identify', { email: deps.ldContactEmail });
  if (await alreadyMerged(db, 'agentId', agent.id)) throw new HttpError(409, 'server:merge_agent_already_merged');
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(deps.clock.now() + MERGE_LINK_LIFETIME_MINUTES * 60_000);
  await db.insert(accountMergeRequests).values({
    tokenHash: hashMergeToken(token),
    recruitId: recruit.id,
    agentId: agent.id,
    email: agent.email,
    expiresAt,
    createdAt: new Date(deps.clock.now()),
  });
  const link = `${deps.appBaseUrl}/merge/verify?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(
    mergeVerificationMail({ lang, to: agent.email, agentName: agent.name, agentCode: agent.externalId, recruitName: recruit.name, recruitCode: recruit.externalId, link, minutes: MERGE_LINK_LIFETIME_MINUTES }),
  );
  return { email: agent.email, expires_at: expiresAt.toISOString() };
}

interface UsableRequest {
  tokenHash: string;
  recruit: UserRow;
  agent: UserRow;
  expiresAt: Date;
}

/** The request of a token: unknown → 400, used or expired → 410. */
async function usableRequest(db: Db, clock: Clock, token: string): Promise<UsableRequest> {
  const [request] = await db.select().from(accountMergeRequests).where(eq(accountMergeRequests.tokenHash, hashMergeToken(token)));
  if (!request) throw new HttpError(400, 'server:merge_link_invalid');
  if (request.usedAt) throw new HttpError(410, 'server:merge_link_used');
  if (request.expiresAt.getTime() <= clock.now()) throw new HttpError(410, 'server:merge_link_expired');
  const [recruit] = await db.select().from(users).where(eq(users.id, request.recruitId));
  const [agent] = await db.select().from(users).where(eq(users.id, request.agentId));
  return { tokenHash: request.tokenHash, recruit, agent, expiresAt: request.expiresAt };
}

const account = (u: UserRow) => ({ external_id: u.externalId, name: u.name });

class PreviewRollback extends Error {
  constructor(readonly outcome: MergeOutcome) {
    super('preview');
  }
}

/** What the merge would do: the same moves, in a transaction that is rolled back. */
export async function previewMerge(db: Db, clock: Clock, token: string): Promise<MergePreview> {
  const request = await usableRequest(db, clock, token);
  if (await alreadyMerged(db, 'agentId', request.agent.id)) throw new HttpError(409, 'server:merge_agent_already_merged');
  let outcome: MergeOutcome | undefined;
  try {
    await db.transaction(async (tx) => {
      throw new PreviewRollback(await moveOwnedRows(tx, request.recruit.id, request.agent.id));
    });
  } catch (error) {
    if (!(error instanceof PreviewRollback)) throw error;
    outcome = error.outcome;
  }
  return {
    recruit: account(request.recruit),
    agent: account(request.agent),
    moves: movedCounts(outcome!.moved),
    conflicts: counts(outcome!.conflicts),
    expires_at: request.expiresAt.toISOString(),
  };
}

/**
 * Runs the merge of a checked request: uses the token (once, in the same transaction), moves the
 * rows and writes the audit entry. The agent's credentials are checked by the caller.
 */
export async function completeMerge(db: Db, clock: Clock, token: string, agentId: number): Promise<MergeResult> {
  const request = await usableRequest(db, clock, token);
  if (request.agent.id !== agentId) throw new HttpError(400, 'server:merge_wrong_agent');
  const now = new Date(clock.now());
  const result = await db.transaction(async (tx) => {
    const [used] = await tx
      .update(accountMergeRequests)
      .set({ usedAt: now })
      .where(and(eq(accountMergeRequests.tokenHash, request.tokenHash), isNull(accountMergeRequests.usedAt)))
      .returning({ tokenHash: accountMergeRequests.tokenHash });
    if (!used) throw new HttpError(410, 'server:merge_link_used');
    // Both accounts locked: nothing of theirs is written while rows move; the unique indexes of
    // account_merges refuse a second merge of either, even one that runs at the same moment.
    await tx.execute(sql`select id from users where id in (${request.recruit.id}, ${request.agent.id}) order by id for update`);
    if (await alreadyMerged(tx, 'agentId', request.agent.id)) throw new HttpError(409, 'server:merge_agent_already_merged');
    if (await alreadyMerged(tx, 'recruitId', request.recruit.id)) throw new HttpError(409, 'server:merge_recruit_already_merged');
    const outcome = await moveOwnedRows(tx, request.recruit.id, request.agent.id);
    const [audit] = await tx
      .insert(accountMerges)
      .values({ recruitId: request.recruit.id, agentId: request.agent.id, moved: outcome.moved, conflicts: outcome.conflicts, createdAt: now })
      .returning({ id: accountMerges.id });
    return { audit, outcome };
  });
  return {
    merge_id: String(result.audit.id),
    recruit: account(request.recruit),
    agent: account(request.agent),
    moves: movedCounts(result.outcome.moved),
    conflicts: counts(result.outcome.conflicts),
  };
}

/** Undoes a merge from its audit entry: each moved row goes back to the recruit, in one transaction. */
export async function undoMerge(db: Db, clock: Clock, mergeId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [merge] = await tx
      .select()
      .from(accountMerges)
      .where(and(eq(accountMerges.id, mergeId), isNull(accountMerges.undoneAt)))
      .for('update');
    if (!merge) throw new Error(`account merge ${mergeId}: not found or already undone`);
    const shapes = new Map(OWNED_TABLES.map((o) => shapeOf(o)).map((s) => [s.name, s]));
    for (const [table, rows] of Object.entries(merge.moved)) {
      const shape = shapes.get(table);
      if (!shape) throw new Error(`account merge ${mergeId}: ${table} is no longer an owned table`);
      for (const row of rows) {
        await tx.execute(
          sql`update ${id(shape.name)} set ${id(shape.user)} = ${merge.recruitId} where ${id(shape.user)} = ${merge.agentId} and ${pkMatch(shape.pk, row)}`,
        );
      }
    }
    await tx.update(accountMerges).set({ undoneAt: new Date(clock.now()) }).where(eq(accountMerges.id, mergeId));
  });
}
