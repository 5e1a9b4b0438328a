import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { DEFAULT_POSTGRES_POOL, type PostgresPool } from './pool';
import * as schema from './schema';

export type Schema = typeof schema;
/** Both drivers share this type, so domain code never knows which database it talks to. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'memory'; loadDataDir?: Blob }
  | { kind: 'postgres'; url: string; pool?: PostgresPool };

export interface Database {
  db: Db;
  kind: DatabaseTarget['kind'];
  /** The embedded instance (PGlite only): tests dump it to reuse a migrated database. */
  pglite?: PGlite;
  close(): Promise<void>;
}

// Several server processes may start at once on one PostgreSQL: one migrates, the others wait.
const MIGRATION_LOCK_ID = 72_502_026;

async function migrateUnderLock(url: string): Promise<void> {
  // An advisory lock belongs to a connection: a one-connection client holds it for the migration.
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
    await migratePostgres(drizzlePostgres({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    await client`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`;
  } finally {
    await client.end({ timeout: 5 });
  }
}

/**
 * ADR 037: Drizzle sends a query as a named prepared statement only when the code calls
 * `.prepare(name)`; every other query was parsed and planned again on each run. postgres.js keeps
 * one prepared statement per query text on each connection, and Drizzle's texts carry values as
 * parameters, so there are as many statements as query shapes. A transaction's statements run on
 * the client `begin` hands to its callback: that client is wrapped the same way (ADR 041; before,
 * every statement of a sign-in, an on-screen record or a quiz answer was parsed and planned anew).
 */
function preparingEveryQuery<Client extends postgres.Sql | postgres.TransactionSql>(client: Client, transactionClient?: postgres.Sql): Client {
  const unsafe: postgres.Sql['unsafe'] = (query, parameters, options) => client.unsafe(query, parameters, { ...options, prepare: true });
  // begin([options,] callback): the callback receives the transaction's client.
  const begin = (...args: unknown[]) => {
    const callback = args[args.length - 1] as (tx: postgres.TransactionSql) => unknown;
    return (transactionClient ?? (client as postgres.Sql)).begin(...([...args.slice(0, -1), (tx: postgres.TransactionSql) => callback(preparingEveryQuery(tx))] as [(tx: postgres.TransactionSql) => unknown]));
  };
  return new Proxy(client, {
    get: (target, property, receiver) => (property === 'unsafe' ? unsafe : property === 'begin' && 'begin' in target ? begin : Reflect.get(target, property, receiver)),
  });
}

/** Opens the database and applies every pending migration. */
/** Extensions the migrations create (0018: pg_trgm); PostgreSQL has them from its contrib package. */
const PGLITE_EXTENSIONS = { pg_trgm };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    await migrateUnderLock(target.url);
    // Generic plans (ADR 037): a statement whose LIMIT and OFFSET are parameters (every paged list)
    // was planned again at each run, since PostgreSQL's custom plan for LIMIT 12 always looks cheaper
    // than a plan for any limit: 0.4–0.9 ms of planning per request, more than the query's run. The
    // queries here find their rows by indexes whatever the values, so one plan per statement serves.
    const pool = target.pool ?? DEFAULT_POSTGRES_POOL;
    // A web request's statements, planned once (above) for any page (ADR 054): a generic plan
    // reckons a LIMIT parameter at a tenth of the rows, so on the large data set the auditor's page of
    // 20 checks and their users was costed as 100,000 rows. PostgreSQL then sized a Memoize cache for
    // that many users and zeroed it on every run (a third of its CPU on that list); without Memoize it
    // chose two parallel workers, and past 100,000 in cost it compiled the query (JIT, 6 ms a run).
    // Every statement here reads a page by index: none of the three pays off, so they are off.
    const options = {
      onnotice: () => {},
      connection: { plan_cache_mode: 'force_generic_plan', enable_memoize: 'off', max_parallel_workers_per_gather: '0', jit: 'off' },
    } as const;
    // ADR 044: on a 2-core machine ten connections each running one statement cost the server a
    // socket write per statement and PostgreSQL ten busy backends; two connections with the
    // statements pipelined answered 40% more course lists. Transactions keep their own connections,
    // so a transaction waiting on a lock never holds up the other requests' statements behind it.
    const client = postgres(target.url, { ...options, max: pool.statements });
    const transactionClient = postgres(target.url, { ...options, max: pool.transactions });
    const db = drizzlePostgres({ client: preparingEveryQuery(client, transactionClient), schema });
    // Drizzle's driver gives the client it is handed its own parsers and serializers (dates, and JSON,
    // which Drizzle encodes itself); the transactions' client needs the same, or a jsonb value written
    // in a transaction would be encoded twice and stored as a string.
    Object.assign(transactionClient.options.parsers, client.options.parsers);
    Object.assign(transactionClient.options.serializers, client.options.serializers);
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      close: async () => void (await Promise.all([client.end({ timeout: 5 }), transactionClient.end({ timeout: 5 })])),
    };
  }
  let pglite: PGlite;
  if (target.kind === 'pglite') {
    mkdirSync(path.dirname(target.dataDir), { recursive: true });
    pglite = new PGlite(target.dataDir, { extensions: PGLITE_EXTENSIONS });
  } else {
    pglite = new PGlite({ extensions: PGLITE_EXTENSIONS, ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}) });
  }
  await pglite.waitReady;
  const db = drizzlePglite({ client: pglite, schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db: db as unknown as Db, kind: target.kind, pglite, close: () => pglite.close() };
}
