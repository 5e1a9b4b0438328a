import { and, count, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import { AUDIT_TOTAL_CAP, type AuditIdentityChecksQuery, type AuditIdentityChecksResponse } from '../../src/api/schemas/identity-checks.audit.schema';
import type { IdentityCheck, IdentityChecksQuery, IdentityChecksResponse } from '../../src/api/schemas/identity-checks.schema';
import type { Db } from '../db/client';
import { isoTimestampSql } from '../db/json-sql';
import { preparedPerDatabase } from '../db/prepared';
import { pagedJsonText, type JsonText } from '../http/json-text';
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

/** Which of the audit list's filters are given, and how: its statement depends on these, not on their values. */
interface AuditShape {
  agent: boolean;
  /** A bare date (a whole UTC day) or an instant; null when not given. */
  from: 'day' | 'instant' | null;
  to: 'day' | 'instant' | null;
}

const boundKind = (v: string | undefined) => (v === undefined ? null : isBareDate(v) ? 'day' : 'instant');

const placeholder = sql.placeholder;

/** One check of the audit list, the contract's AuditIdentityCheck, as JSON text (users joined). */
const auditCheckJson = sql<string>`(select row_to_json(c)::text from (select
    ${identityChecks.id}::text as id, ${identityChecks.type} as type, ${identityChecks.outcome} as outcome,
    ${identityChecks.courseId} as course_id, ${identityChecks.itemId} as item_id, ${isoTimestampSql(identityChecks.createdAt)} as created_at,
    ${users.externalId} as external_id, ${users.name} as name) c)`;

/**
 * How many checks the audit list's filters match, up to one past the cap, as a subquery the page
 * carries on each row. Without an agent code and with whole days (bare dates) or no dates, the sum
 * of the day counters (ADR 054): a row a day, not a count of the checks. Otherwise counted (ADR 040):
 * an index-only read of at most 10,001 rows. Either is uncorrelated: PostgreSQL runs it once.
 */
function auditTotal(db: Db, shape: AuditShape, where: SQL | undefined): SQL<number> {
  const wholeDays = !shape.agent && shape.from !== 'instant' && shape.to !== 'instant';
  if (wholeDays) {
    const days: SQL[] = [];
    if (shape.from) days.push(gte(identityCheckCounts.day, placeholder('fromDay')));
    if (shape.to) days.push(lte(identityCheckCounts.day, placeholder('toDay')));
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

/**
 * The audit list's page and its total alone, for one shape of filters, built once per database and
 * shape (at most 2 × 3 × 3) and run as prepared statements (ADR 037): building the SQL on every
 * call was most of the request's server CPU on the large data set (ADR 075).
 */
function prepareAudit(db: Db, shape: AuditShape, name: string) {
  const conditions: SQL[] = [];
  // ADR 034: the agent code names one user (its id from the unique lower(external_id) index), so
  // neither the count nor the page joins users to filter: the count reads identity_checks only.
  if (shape.agent) conditions.push(eq(identityChecks.userId, sql`(select ${users.id} from ${users} where lower(${users.externalId}) = ${placeholder('agent')})`));
  if (shape.from) conditions.push(gte(identityChecks.createdAt, placeholder('fromAt')));
  // A bare date includes its whole day: before the next midnight.
  if (shape.to) conditions.push(shape.to === 'day' ? lt(identityChecks.createdAt, placeholder('toAt')) : lte(identityChecks.createdAt, placeholder('toAt')));
  const where = conditions.length ? and(...conditions) : undefined;
  const total = auditTotal(db, shape, where).mapWith(Number);
  return {
    // The page carries the total on each row: one statement (ADR 043). Each check is written as
    // JSON by PostgreSQL (ADR 044): mapping its fields through Drizzle and writing them out again
    // was most of the server's CPU for a page of 20 (ADR 075).
    rows: db
      .select({ check: auditCheckJson, total })
      .from(identityChecks)
      .innerJoin(users, eq(identityChecks.userId, users.id))
      .where(where)
      .orderBy(...newestFirst)
      .limit(placeholder('limit'))
      .offset(placeholder('offset'))
      .prepare(`${name}_rows`),
    // Only a page past the end, which has no row, asks for the total alone.
    total: db.select({ total }).from(sql`(select 1) as one`).prepare(`${name}_total`),
  };
}

const auditQueries = preparedPerDatabase(() => new Map<string, ReturnType<typeof prepareAudit>>());

function auditQueryOf(db: Db, shape: AuditShape) {
  const byShape = auditQueries(db);
  const key = `${shape.agent}:${shape.from}:${shape.to}`;
  let prepared = byShape.get(key);
  if (!prepared) byShape.set(key, (prepared = prepareAudit(db, shape, `audit_identity_checks_${byShape.size}`)));
  return prepared;
}

/** GET /api/audit/identity-checks: everyone's, with who; filters by agent code and time. */
export async function listAuditIdentityChecks(db: Db, q: AuditIdentityChecksQuery): Promise<JsonText<AuditIdentityChecksResponse>> {
  const shape: AuditShape = { agent: Boolean(q.external_id), from: boundKind(q.from), to: boundKind(q.to) };
  const prepared = auditQueryOf(db, shape);
  const toAt = q.to === undefined ? null : isBareDate(q.to) ? new Date(instant(q.to).getTime() + DAY_MS) : instant(q.to);
  const values = {
    agent: q.external_id?.toLowerCase() ?? null,
    fromAt: q.from === undefined ? null : instant(q.from).toISOString(),
    toAt: toAt?.toISOString() ?? null,
    fromDay: q.from ?? null,
    toDay: q.to ?? null,
  };
  const offset = (q.page - 1) * q.per_page;
  const rows = await prepared.rows.execute({ ...values, limit: q.per_page, offset });
  const counted = rows[0]?.total ?? (offset === 0 ? 0 : (await prepared.total.execute(values))[0].total);
  return pagedJsonText(
    rows.map((r) => r.check),
    { page: q.page, per_page: q.per_page, total: Math.min(counted, AUDIT_TOTAL_CAP) },
    { total_exact: counted <= AUDIT_TOTAL_CAP },
  );
}
