import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { MergeCount, MergePreview, MergeResult, MergeUndone } from '../../src/api/schemas/account-merge.schema';
import type { Language } from '../../src/config/constants';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import {
  accountMergeRequests,
  accountMerges,
  courses,
  offlineCourses,
  offlineEnrolments,
  sessions,
  users,
  type MergeChanges,
  type MovedRows,
  type UserRow,
} from '../db/schema';
import { API_ERROR_CODE } from '../../src/api/schemas/error.schema';
import { HttpError } from '../http/errors';
import type { Mailer } from '../mail/mailer';
import { mergeDoneMail, mergeVerificationMail } from '../mail/account-merge.mail';
import { OWNED_TABLES } from './account-merge-owned';
import { ChangeLog, moveTable, shapeOf, undoRows } from './account-merge-rows';
import { trimOverlappingTime } from './account-merge-time';
import { localize } from './courses';
import { findUserByExternalId } from './users';

export type { OwnedTable } from './account-merge-rows';
export { NOT_MOVED, OWNED_TABLES } from './account-merge-owned';

// Issue 14, SPEC §4 account linking: a recruit's records move into an agent account.

export const MERGE_LINK_LIFETIME_MINUTES = 60;

/** Dates in mails: the reader's language, Hong Kong time. */
const MAIL_LOCALES: Record<Language, string> = { en: 'en-HK', cn: 'zh-CN', zh: 'zh-HK' };

export interface MergeOutcome {
  moved: MovedRows;
  changes: MergeChanges;
  /** Rows that stay with the recruit (the agent has an equal and no rule combines them), by table. */
  conflicts: Record<string, number>;
  /** Rows combined with the agent's equal (the further one won), by table. */
  combined: Record<string, number>;
  /** Seconds of the recruit's credited time that the agent was credited for already. */
  trimmedSeconds: number;
}

export const ownedShapes = () => new Map(OWNED_TABLES.map((o) => shapeOf(o)).map((s) => [s.name, s]));

/** Moves every owned row it can from `fromId` to `toId`, inside the caller's transaction, and says what it changed. */
export async function moveOwnedRows(tx: Db, fromId: number, toId: number): Promise<MergeOutcome> {
  const log = new ChangeLog();
  const trimmedSeconds = await trimOverlappingTime(tx, log, fromId, toId);
  const moved: MovedRows = {};
  const conflicts: Record<string, number> = {};
  const combined: Record<string, number> = {};
  for (const shape of ownedShapes().values()) {
    const result = await moveTable(tx, log, shape, fromId, toId);
    if (result.moved.length > 0) moved[shape.name] = result.moved;
    if (result.kept > 0) conflicts[shape.name] = result.kept;
    if (result.combined.length > 0) combined[shape.name] = result.combined.length;
  }
  return { moved, changes: log.changes, conflicts, combined, trimmedSeconds };
}

const counts = (byTable: Record<string, number>): MergeCount[] => Object.entries(byTable).map(([table, count]) => ({ table, count }));
const movedCounts = (moved: MovedRows) => counts(Object.fromEntries(Object.entries(moved).map(([t, rows]) => [t, rows.length])));

export const hashMergeToken = (token: string) => createHash('sha256').update(token).digest('hex');

async function alreadyMerged(db: Db, column: 'agentId' | 'recruitId', userId: number): Promise<boolean> {
  return (await db.$count(accountMerges, and(eq(accountMerges[column], userId), isNull(accountMerges.undoneAt)))) > 0;
}

/** Issue 43: the agent account a recruit was merged into (its sign-in is refused, naming it), or null. */
export async function mergedInto(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ agentCode: users.externalId })
    .from(accountMerges)
    .innerJoin(users, eq(users.id, accountMerges.agentId))
    .where(and(eq(accountMerges.recruitId, userId), isNull(accountMerges.undoneAt)));
  return row?.agentCode ?? null;
}

/** Issue 43: a merged recruit account is closed: its sign-in is refused (403), naming the agent account its records went to. */
export async function refuseMergedAccount(deps: { db: Db }, userId: number): Promise<void> {
  const agentCode = await mergedInto(deps.db, userId);
  if (agentCode !== null) throw new HttpError(403, 'server:merge_account_closed', { agentCode });
}

/**
 * Issue 43: merge links per recruit and per agent in the last hour. Each link is an email to the
 * agent's company address: past the limit the request waits (429) until the oldest leaves the hour.
 */
export const MERGE_LINKS_PER_HOUR = 3;

async function linkWaitSeconds(tx: Db, now: number, recruitId: number, agentId: number): Promise<number> {
  const since = new Date(now - 3_600_000);
  const rows = await tx
    .select({ recruitId: accountMergeRequests.recruitId, agentId: accountMergeRequests.agentId, createdAt: accountMergeRequests.createdAt })
    .from(accountMergeRequests)
    .where(and(or(eq(accountMergeRequests.recruitId, recruitId), eq(accountMergeRequests.agentId, agentId)), gt(accountMergeRequests.createdAt, since)))
    .orderBy(desc(accountMergeRequests.createdAt));
  const waitFor = (mine: typeof rows) => (mine.length < MERGE_LINKS_PER_HOUR ? 0 : mine[MERGE_LINKS_PER_HOUR - 1].createdAt.getTime() + 3_600_000 - now);
  const wait = Math.max(waitFor(rows.filter((r) => r.recruitId === recruitId)), waitFor(rows.filter((r) => r.agentId === agentId)));
  return wait > 0 ? Math.ceil(wait / 1000) : 0;
}

/**
 * The recruit asks: the agent code and company email must name one agent account; a single-use
 * link (its token's hash stored) is emailed to that address. A new link replaces the recruit's
 * earlier ones (they stop working); links are throttled per recruit and per agent.
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
  const now = deps.clock.now();
  const expiresAt = new Date(now + MERGE_LINK_LIFETIME_MINUTES * 60_000);
  await db.transaction(async (tx) => {
    // Counted and written under both locks: thirty requests at once still make three links.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(k)) from unnest(array[${`merge-link:recruit:${recruit.id}`}, ${`merge-link:agent:${agent.id}`}]::text[]) as k`);
    const wait = await linkWaitSeconds(tx, now, recruit.id, agent.id);
    if (wait > 0)
      throw new HttpError(429, 'server:merge_link_throttled', { minutes: Math.ceil(wait / 60) }, { code: API_ERROR_CODE.rateLimited, headers: { 'Retry-After': String(wait) } });
    await tx
      .update(accountMergeRequests)
      .set({ replacedAt: new Date(now) })
      .where(and(eq(accountMergeRequests.recruitId, recruit.id), isNull(accountMergeRequests.usedAt), isNull(accountMergeRequests.replacedAt)));
    await tx.insert(accountMergeRequests).values({
      tokenHash: hashMergeToken(token),
      recruitId: recruit.id,
      agentId: agent.id,
      email: agent.email,
      expiresAt,
      createdAt: new Date(now),
    });
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

/** The request of a token: unknown → 400, used, replaced or expired → 410. */
async function usableRequest(db: Db, clock: Clock, token: string): Promise<UsableRequest> {
  const [request] = await db.select().from(accountMergeRequests).where(eq(accountMergeRequests.tokenHash, hashMergeToken(token)));
  if (!request) throw new HttpError(400, 'server:merge_link_invalid');
  if (request.usedAt) throw new HttpError(410, 'server:merge_link_used');
  if (request.replacedAt) throw new HttpError(410, 'server:merge_link_replaced');
  if (request.expiresAt.getTime() <= clock.now()) throw new HttpError(410, 'server:merge_link_expired');
  const [recruit] = await db.select().from(users).where(eq(users.id, request.recruitId));
  const [agent] = await db.select().from(users).where(eq(users.id, request.agentId));
  return { tokenHash: request.tokenHash, recruit, agent, expiresAt: request.expiresAt };
}

const account = (u: UserRow) => ({ external_id: u.externalId, name: u.name });

class PreviewRollback extends Error {
  constructor(
    readonly outcome: MergeOutcome,
    readonly names: { courses: string[]; classroom: string[] },
  ) {
    super('preview');
  }
}

/** The titles of the courses and classroom courses whose enrolments move (or combine with the agent's). */
async function movedNames(tx: Db, outcome: MergeOutcome, agentId: number, lang: Language): Promise<{ courses: string[]; classroom: string[] }> {
  const courseIds = [...(outcome.moved.course_enrolments ?? []), ...(outcome.changes.removed.course_enrolments ?? [])].map((r) => Number(r.course_id));
  const enrolmentIds = (outcome.moved.offline_enrolments ?? []).map((r) => Number(r.id));
  const courseRows = courseIds.length === 0 ? [] : await tx.select({ title: courses.title }).from(courses).where(inArray(courses.id, courseIds)).orderBy(asc(courses.id));
  const classroomRows =
    enrolmentIds.length === 0
      ? []
      : await tx
          .select({ title: offlineCourses.title })
          .from(offlineEnrolments)
          .innerJoin(offlineCourses, eq(offlineCourses.id, offlineEnrolments.courseId))
          .where(and(inArray(offlineEnrolments.id, enrolmentIds), eq(offlineEnrolments.userId, agentId)))
          .orderBy(asc(offlineEnrolments.id));
  return { courses: courseRows.map((r) => localize(r.title, lang)), classroom: [...new Set(classroomRows.map((r) => localize(r.title, lang)))] };
}

/** What the merge would do: the same moves, in a transaction that is rolled back. */
export async function previewMerge(db: Db, clock: Clock, token: string, lang: Language, undoDays: number): Promise<MergePreview> {
  const request = await usableRequest(db, clock, token);
  if (await alreadyMerged(db, 'agentId', request.agent.id)) throw new HttpError(409, 'server:merge_agent_already_merged');
  let preview: PreviewRollback | undefined;
  try {
    await db.transaction(async (tx) => {
      const outcome = await moveOwnedRows(tx, request.recruit.id, request.agent.id);
      throw new PreviewRollback(outcome, await movedNames(tx, outcome, request.agent.id, lang));
    });
  } catch (error) {
    if (!(error instanceof PreviewRollback)) throw error;
    preview = error;
  }
  const { outcome, names } = preview!;
  return {
    recruit: account(request.recruit),
    agent: account(request.agent),
    moves: movedCounts(outcome.moved),
    combined: counts(outcome.combined),
    conflicts: counts(outcome.conflicts),
    courses: names.courses,
    classroom: names.classroom,
    undo_days: undoDays,
    expires_at: request.expiresAt.toISOString(),
  };
}

/**
 * Runs the merge of a checked request: uses the token (once, in the same transaction), moves and
 * combines the rows, writes the audit entry with what it changed, and closes the recruit account
 * (its sessions end; its sign-in names the agent account). The agent's credentials are checked by
 * the caller. The answer carries the undo token (its hash is kept) and until when it works.
 */
export async function completeMerge(
  deps: { db: Db; clock: Clock; mailer: Mailer; appBaseUrl: string; undoDays: number },
  token: string,
  agentId: number,
  lang: Language,
): Promise<MergeResult> {
  const { db, clock, undoDays } = deps;
  const request = await usableRequest(db, clock, token);
  if (request.agent.id !== agentId) throw new HttpError(400, 'server:merge_wrong_agent');
  const now = new Date(clock.now());
  const undoToken = randomBytes(32).toString('base64url');
  const result = await db.transaction(async (tx) => {
    const [used] = await tx
      .update(accountMergeRequests)
      .set({ usedAt: now })
      .where(and(eq(accountMergeRequests.tokenHash, request.tokenHash), isNull(accountMergeRequests.usedAt), isNull(accountMergeRequests.replacedAt)))
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
      .values({
        recruitId: request.recruit.id,
        agentId: request.agent.id,
        moved: outcome.moved,
        changes: outcome.changes,
        conflicts: outcome.conflicts,
        undoTokenHash: hashMergeToken(undoToken),
        createdAt: now,
      })
      .returning({ id: accountMerges.id });
    // The recruit account is closed: what it did from now on would be lost to the agent.
    await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, request.recruit.id), isNull(sessions.revokedAt)));
    return { audit, outcome };
  });
  const undoUntil = new Date(now.getTime() + undoDays * 86_400_000);
  // The undo stays at hand for the whole window, not only on the page the merge ran on.
  await deps.mailer.send(
    mergeDoneMail({
      lang,
      to: request.agent.email,
      agentName: request.agent.name,
      agentCode: request.agent.externalId,
      recruitName: request.recruit.name,
      recruitCode: request.recruit.externalId,
      link: `${deps.appBaseUrl}/merge/undo?token=${encodeURIComponent(undoToken)}`,
      until: new Intl.DateTimeFormat(MAIL_LOCALES[lang], { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Hong_Kong' }).format(undoUntil),
    }),
  );
  return {
    merge_id: String(result.audit.id),
    recruit: account(request.recruit),
    agent: account(request.agent),
    moves: movedCounts(result.outcome.moved),
    combined: counts(result.outcome.combined),
    conflicts: counts(result.outcome.conflicts),
    undo_token: undoToken,
    undo_until: undoUntil.toISOString(),
  };
}

/**
 * Undoes a merge (issue 43) with the undo token its agent was given, within `undoDays` of it:
 * every moved row goes back to the recruit and every combined or trimmed row is as it was, in one
 * transaction; the recruit account opens again. Unknown → 400, undone already or too late → 410.
 */
export async function undoMerge(db: Db, clock: Clock, undoToken: string, undoDays: number): Promise<MergeUndone> {
  return db.transaction(async (tx) => {
    const [merge] = await tx.select().from(accountMerges).where(eq(accountMerges.undoTokenHash, hashMergeToken(undoToken))).for('update');
    if (!merge) throw new HttpError(400, 'server:merge_undo_invalid');
    if (merge.undoneAt) throw new HttpError(410, 'server:merge_undo_done');
    const until = merge.createdAt.getTime() + undoDays * 86_400_000;
    if (clock.now() >= until) throw new HttpError(410, 'server:merge_undo_expired', { count: undoDays });
    await tx.execute(sql`select id from users where id in (${merge.recruitId}, ${merge.agentId}) order by id for update`);
    await undoRows(tx, ownedShapes(), merge.moved, merge.changes, merge.recruitId, merge.agentId);
    await tx.update(accountMerges).set({ undoneAt: new Date(clock.now()) }).where(eq(accountMerges.id, merge.id));
    const [recruit] = await tx.select().from(users).where(eq(users.id, merge.recruitId));
    const [agent] = await tx.select().from(users).where(eq(users.id, merge.agentId));
    return { recruit: account(recruit), agent: account(agent) };
  });
}
