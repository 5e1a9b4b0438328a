import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER } from '../../src/config/constants';
import { createApp } from '../app';
import { resolveSecret } from '../auth/secret';
import { testConfig } from '../config';
import { createMailer } from '../mail/mailer';
import { openDatabase, type Database } from './client';
import { DEMO_ACCOUNTS, seedIfEmpty } from './seed';
import { eq, sql } from 'drizzle-orm';
import { departments, users } from './schema';
import { dropTestDatabase } from '../testing/drop-database';

// The demo's accounts sign in only from this machine (issue 43 §12): the socket @hono/node-server would give.
const LOOPBACK = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };

// The DATABASE_URL path (DESIGN §1: PostgreSQL behind several processes). Runs only when
// TEST_DATABASE_URL points at a server whose user may create databases, e.g.
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx vitest run server/db/postgres.test.ts
const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('PostgreSQL (TEST_DATABASE_URL)', () => {
  const name = `aa_test_${randomBytes(4).toString('hex')}`;
  let url: string;
  let admin: postgres.Sql;
  const opened: Database[] = [];

  beforeAll(async () => {
    admin = postgres(adminUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const u = new URL(adminUrl!);
    u.pathname = `/${name}`;
    url = u.toString();
  });
  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close()));
    if (admin) await dropTestDatabase(admin, name);
    await admin?.end();
  });

  it('lets several processes start together: one migration, one seed, one secret', async () => {
    const dbs = await Promise.all([1, 2, 3].map(() => openDatabase({ kind: 'postgres', url })));
    opened.push(...dbs);
    const seeded = await Promise.all(dbs.map((d) => seedIfEmpty(d.db)));
    expect(seeded.filter(Boolean)).toHaveLength(1);
    expect(await dbs[0].db.$count(users)).toBe(DEMO_ACCOUNTS.length);
    const secrets = await Promise.all(dbs.map((d) => resolveSecret(d.db)));
    expect(new Set(secrets).size).toBe(1);
  });

  it('serves sign-in and the current user, and a token from one process works on another', async () => {
    const [a, b] = opened;
    const secret = await resolveSecret(a.db);
    const make = (d: Database) => createApp({ config: testConfig(), db: d.db, secret, mailer: createMailer({ db: d.db, from: 'x <x@x.test>' }), log: () => {} }).app;
    const appA = make(a);
    const appB = make(b);
    const cookieRes = await appA.request('/api/app-config');
    const cookie = /XSRF-TOKEN=([^;]*)/.exec(cookieRes.headers.get('set-cookie')!)![1];
    const login = await appA.request('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: `XSRF-TOKEN=${cookie}`, [HEADER.xsrf]: cookie },
      body: JSON.stringify({ external_id: 'agent01', password: 'Learner2026' }),
    }, LOOPBACK);
    expect(login.status).toBe(200);
    const token = await login.text();
    const me = await appB.request('/api/users/current', { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    // The demo's notifications come with the content seed (seed-notifications.ts), not run here.
    expect(await me.json()).toMatchObject({ external_id: 'agent01', unread_notifications_count: 0 });
    // agent01–03, agent2fa and agent10 (the merge demo's agent, issue 14).
    const found = await appB.request('/api/users/find?name=AGENT', { headers: { Authorization: `Bearer ${token}` } });
    expect((await found.json()).total).toBe(5);
  });

  // ADR 044: single statements pipelined on a few connections; a transaction on a connection of its own.
  it('runs single statements on the statement connections and a transaction on its own, never held up by it', async () => {
    const database = await openDatabase({ kind: 'postgres', url, pool: { statements: 2, transactions: 3 } });
    opened.push(database);
    const { db } = database;
    // postgres.js answers a row list (an array); its first row names the backend that ran the statement.
    const pidOf = (rows: unknown) => (rows as { pid: number }[])[0].pid;
    const whichBackend = sql.raw('select pg_backend_pid() as pid');
    const statementPids = new Set((await Promise.all(Array.from({ length: 40 }, () => db.execute(whichBackend)))).map(pidOf));
    expect(statementPids.size).toBeLessThanOrEqual(2);

    // A transaction stays open (a row locked, its connection held); statements still answer meanwhile.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let transactionPid = 0;
    const transaction = db.transaction(async (tx) => {
      transactionPid = pidOf(await tx.execute(whichBackend));
      await tx.execute(sql`select id from users where external_id = 'agent01' for update`);
      await held;
    });
    await expect.poll(() => transactionPid).not.toBe(0);
    expect(statementPids.has(transactionPid)).toBe(false);
    const during = await Promise.all(Array.from({ length: 10 }, () => db.execute(whichBackend)));
    for (const result of during) expect(statementPids.has(pidOf(result))).toBe(true);
    release();
    await transaction;

    // Both connections read and write values alike: a jsonb value written in a transaction is an object, not a string.
    const name = { en: 'Pipelined', zh: '管線', cn: '管线' };
    const [{ id }] = await db.transaction((tx) => tx.insert(departments).values({ name }).returning({ id: departments.id }));
    const [stored] = (await db.execute(sql`select jsonb_typeof(name) as type from departments where id = ${id}`)) as unknown as { type: string }[];
    expect(stored.type).toBe('object');
    expect(await db.transaction((tx) => tx.select({ name: departments.name }).from(departments).where(eq(departments.id, id)))).toEqual([{ name }]);
  });
});
