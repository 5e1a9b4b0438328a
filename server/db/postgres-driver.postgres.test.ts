import postgres from 'postgres';
import { describe, expect, it } from 'vitest';

// patches/postgres+3.4.9.patch (applied by `npm install`'s postinstall, patch-package): postgres.js
// skipped the connection's reservation when a transaction's BEGIN filled the connection's pipeline
// (porsager/postgres#823, #1189): the transaction failed with UNSAFE_TRANSACTION, and the next pool
// query could run inside it. bench:load L hit it (500s on sign-in and quiz answers). With
// max_pipeline 0 every BEGIN fills the pipeline, so unpatched, every transaction here fails.
//   TEST_DATABASE_URL=postgres://… npx vitest run server/db/postgres-driver.postgres.test.ts
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('postgres.js transactions on a busy pool (TEST_DATABASE_URL)', () => {
  it('keep the connection of a BEGIN that filled its pipeline, and no other query runs inside them', async () => {
    // max_pipeline is a real option of postgres.js (src/index.js) missing from its types.
    const sql = postgres(url!, { max: 2, max_pipeline: 0, onnotice: () => {} } as Parameters<typeof postgres>[1]);
    try {
      // Each transaction marks its connection until it ends (SET LOCAL); a pool query that ran inside
      // one would see the mark.
      const inTransaction = (i: number) =>
        sql.begin(async (tx) => {
          await tx`select set_config('application_name', 'in_transaction', true)`;
          return (await tx<{ n: number }[]>`select ${i}::int as n, pg_sleep(0.05)`)[0].n;
        });
      const outside = async () => (await sql<{ name: string }[]>`select current_setting('application_name') as name`)[0].name;
      const [transactions, others] = await Promise.all([Promise.all([0, 1, 2, 3].map(inTransaction)), Promise.all(Array.from({ length: 8 }, outside))]);
      expect(transactions).toEqual([0, 1, 2, 3]);
      expect(others.filter((name) => name === 'in_transaction')).toEqual([]);
    } finally {
      await sql.end({ timeout: 5 });
    }
  });
});
