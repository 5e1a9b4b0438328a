import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../test-support';
import { createPostgresTestContext } from '../testing/postgres-context';
import { users } from './schema';

// ADR 041: a transaction's statements are prepared statements too (server/db/client.ts), so a
// sign-in, an on-screen record or a quiz answer is not parsed and planned anew at each run.
// PostgreSQL lists a connection's prepared statements in pg_prepared_statements; an unnamed
// statement (what postgres.js sends without `prepare`) is never listed there.
//   TEST_DATABASE_URL=postgres://… npx vitest run server/db/prepared-transactions.postgres.test.ts
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('statements inside a transaction (TEST_DATABASE_URL)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createPostgresTestContext();
  });
  afterAll(() => ctx?.close());

  it('are prepared on the transaction’s connection', async () => {
    expect(ctx.database.kind).toBe('postgres');
    const prepared = await ctx.database.db.transaction(async (tx) => {
      // A shape no other code sends: its text is new to every connection.
      await tx.select({ name: users.name, probe: sql<number>`41 + 1` }).from(users).where(eq(users.externalId, 'agent01'));
      return tx.execute<{ statement: string }>(sql`select statement from pg_prepared_statements`);
    });
    const statements = [...(Array.isArray(prepared) ? prepared : (prepared as { rows: { statement: string }[] }).rows)].map((r) => r.statement);
    expect(statements.some((s) => s.includes('41 + 1'))).toBe(true);
  });
});
