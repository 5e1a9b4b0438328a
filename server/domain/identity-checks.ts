import { and, count, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import { AUDIT_TOTAL_CAP, type AuditIdentityChecksQuery, type AuditIdentityChecksResponse } from '../../src/api/schemas/identity-checks.audit.schema';
import type { IdentityCheck, IdentityChecksQuery, IdentityChecksResponse } from '../../src/api/schemas/identity-checks.schema';
import type { Db } from '../db/client';
import { identityCheckCounts, identityChecks, users } from '../db/schema';

export interface IdentityCheckRecord {
  userId: number;
  sessionId: string | null;
  type: IdentityCheck['type'];
  outcome: IdentityCheck['outcome'];
  courseId?: string | null;
  itemId?: string | null;
  at: Date;
}

export async function recordIdentityCheck(db: Db, r: IdentityCheckRecord): Promise<void> {
  await db.insert(identityChecks).values({
    userId: r.userId,
    sessionId: r.sessionId,
    type: r.type,
    outcome: r.outcome,
    courseId: r.courseId ?? null,
    itemId: r.itemId ?? null,
    createdAt: r.at,
  });
}

const item = {
  id: identityChecks.id,
  type: identityChecks.type,
  outcome: identityChecks.outcome,
  courseId: identityChecks.courseId,
  itemId: identityChecks.itemId,
  createdAt: identityChecks.createdAt,
};
type ItemRow = { id: number; type: IdentityCheck['type']; outcome: IdentityCheck['outcome']; courseId: string | null; itemId: string | null; createdAt: Date };

const toItem = (r: ItemRow): IdentityCheck => ({
  id: String(r.id),
  type: r.type,
  outcome: r.outcome,
  course_id: r.courseId,
  item_id: r.itemId,
  created_at: r.createdAt.toISOString(),
});

// The id breaks ties between checks recorded in the same millisecond.
const newestFirst = [desc(identityChecks.createdAt), desc(identityChecks.id)];

/** GET /api/identity-checks: the user's own, newest first. */
export async function listOwnIdentityChecks(db: Db, userId: number, q: IdentityChecksQuery): Promise<IdentityChecksResponse> {
  const where = eq(identityChecks.userId, userId);
  const [{ total }] = await db.select({ total: count() }).from(identityChecks).where(where);
  const rows = await db
    .select(item)
    .from(identityChecks)
    .where(where)
    .orderBy(...newestFirst)
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  return { data: rows.map(toItem), page: q.page, per_page: q.per_page, total };
}

const DAY_MS = 86_400_000;
const isBareDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
/** A bare date is midnight UTC. */
const instant = (v: string) => new Date(isBareDate(v) ? `${v}T00:00:00Z` : v);

/**
 * How many checks the audit list's filters match, up to one past the cap, as a subquery the page
 * carries on each row. Without an agent code and with whole days (bare dates) or no dates, the sum
 * of the day counters (ADR 054): a row a day, not a count of the checks. Otherwise counted (ADR 040):
 * an index-only read of at most 10,001 rows. Either is uncorrelated: PostgreSQL runs it once.
 */
function auditTotal(db: Db, q: AuditIdentityChecksQuery, where: SQL | undefined): SQL<number> {
  const wholeDays = !q.external_id && (!q.from || isBareDate(q.from)) && (!q.to || isBareDate(q.to));
  if (wholeDays) {
    const days: SQL[] = [];
    if (q.from) days.push(gte(identityCheckCounts.day, q.from));
    if (q.to) days.push(lte(identityCheckCounts.day, q.to));
    const summed = db
      .select({ total: sql`least(coalesce(sum(${identityCheckCounts.checks}), 0), ${AUDIT_TOTAL_CAP + 1})` })
      .from(identityCheckCounts)
      .where(days.length ? and(...days) : undefined);
    return sql<number>`(${summed})`;
  }
  // identity_checks.user_id is a non-null key of users: every check has its user, no join needed to count.
  const upToCap = db.select({ one: sql`1` }).from(identityChecks).where(where).limit(AUDIT_TOTAL_CAP + 1);
  return sql<number>`(select count(*) from (${upToCap}) up_to_cap)`;
}

/** GET /api/audit/identity-checks: everyone's, with who; filters by agent code and time. */
export async function listAuditIdentityChecks(db: Db, q: AuditIdentityChecksQuery): Promise<AuditIdentityChecksResponse> {
  const conditions: SQL[] = [];
  // ADR 034: the agent code names one user (its id from the unique lower(external_id) index), so
  // neither the count nor the page joins users to filter: the count reads identity_checks only.
  if (q.external_id) conditions.push(eq(identityChecks.userId, sql`(select ${users.id} from ${users} where lower(${users.externalId}) = ${q.external_id.toLowerCase()})`));
  if (q.from) conditions.push(gte(identityChecks.createdAt, instant(q.from)));
  if (q.to) {
    // A bare date includes its whole day.
    conditions.push(isBareDate(q.to) ? lt(identityChecks.createdAt, new Date(instant(q.to).getTime() + DAY_MS)) : lte(identityChecks.createdAt, instant(q.to)));
  }
  const where = conditions.length ? and(...conditions) : undefined;
  // The page carries the total on each row: one statement (ADR 043); only a page past the end,
  // which has no row, asks for the total alone.
  const total = auditTotal(db, q, where).mapWith(Number);
  const offset = (q.page - 1) * q.per_page;
  const rows = await db
    .select({ ...item, externalId: users.externalId, name: users.name, total })
    .from(identityChecks)
    .innerJoin(users, eq(identityChecks.userId, users.id))
    .where(where)
    .orderBy(...newestFirst)
    .limit(q.per_page)
    .offset(offset);
  const counted = rows[0]?.total ?? (offset === 0 ? 0 : (await db.select({ total }).from(sql`(select 1) as one`))[0].total);
  return {
    data: rows.map((r) => ({ ...toItem(r), external_id: r.externalId, name: r.name })),
    page: q.page,
    per_page: q.per_page,
    total: Math.min(counted, AUDIT_TOTAL_CAP),
    total_exact: counted <= AUDIT_TOTAL_CAP,
  };
}
