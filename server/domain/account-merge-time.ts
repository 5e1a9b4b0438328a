import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { creditedSpans, onScreenLogs } from '../db/schema';
import { keysOf, removeRows, updateRows, type ChangeLog } from './account-merge-rows';
import { subtract, type Stretch } from './on-screen-time-credit';

// Issue 43 item 8: after a merge each second of wall time is credited once, the rule for two tabs
// of one account (ADR 012): the stretches credited to one learner never overlap. The recruit's
// stretches that overlap the agent's lose the overlapping seconds (the agent's stay as they were),
// and the recruit's records lose as many credited seconds. Runs before the rows move.

const toSecond = (d: Date) => Math.floor(d.getTime() / 1000);
const at = (second: number) => new Date(second * 1000);

export async function trimOverlappingTime(tx: Db, log: ChangeLog, recruitId: number, agentId: number): Promise<number> {
  const spansOf = (userId: number) => tx.select().from(creditedSpans).where(eq(creditedSpans.userId, userId)).orderBy(asc(creditedSpans.startsAt));
  const [recruitSpans, agentSpans] = await Promise.all([spansOf(recruitId), spansOf(agentId)]);
  if (recruitSpans.length === 0 || agentSpans.length === 0) return 0;
  const taken: Stretch[] = agentSpans.map((s) => ({ start: toSecond(s.startsAt), end: toSecond(s.endsAt) }));
  const lostByLog = new Map<number, number>();
  for (const span of recruitSpans) {
    const whole = { start: toSecond(span.startsAt), end: toSecond(span.endsAt) };
    const pieces = subtract(whole, taken);
    const lost = whole.end - whole.start - pieces.reduce((n, p) => n + p.end - p.start, 0);
    if (lost === 0) continue;
    lostByLog.set(span.onScreenLogId, (lostByLog.get(span.onScreenLogId) ?? 0) + lost);
    const where = eq(creditedSpans.id, span.id).getSQL();
    if (pieces.length === 0) {
      await removeRows(tx, log, 'credited_spans', where);
      continue;
    }
    const [first, ...rest] = pieces;
    await updateRows(tx, log, 'credited_spans', where, { starts_at: at(first.start).toISOString(), ends_at: at(first.end).toISOString() });
    if (rest.length === 0) continue;
    const { id: _id, ...copy } = span;
    const added = await tx
      .insert(creditedSpans)
      .values(rest.map((p) => ({ ...copy, startsAt: at(p.start), endsAt: at(p.end) })))
      .returning({ id: creditedSpans.id });
    log.inserted('credited_spans', keysOf(added));
  }
  let total = 0;
  for (const [logId, lost] of lostByLog) {
    total += lost;
    await updateRows(tx, log, 'on_screen_logs', and(eq(onScreenLogs.id, logId), eq(onScreenLogs.userId, recruitId))!.getSQL(), {
      duration: sql`greatest(${sql.identifier('duration')} - ${lost}, 0)`,
    });
  }
  return total;
}
