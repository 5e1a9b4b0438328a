import { sql } from 'drizzle-orm';
import type { TestContext } from '../test-support';

/** The plan PostgreSQL chooses for a statement, as text (EXPLAIN without running it). */
export async function planOf(ctx: TestContext, statement: ReturnType<typeof sql>): Promise<string> {
  const result = await ctx.database.db.execute<{ 'QUERY PLAN': string }>(sql`explain ${statement}`);
  const rows = Array.isArray(result) ? result : (result as { rows: { 'QUERY PLAN': string }[] }).rows;
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}
