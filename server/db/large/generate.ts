// `npm run db:large` (issue 15, ADR 034): fills the PostgreSQL at DATABASE_URL with a large data set
// — 100,000 users, 2,000 courses with their lessons and items, about 1,000,000 enrolments, 300,000
// likes, 10,000,000 on-screen records, 500,000 notifications, 1,000,000 identity checks, a
// signed-in session with its token per user, and CPD approvals, licences and 285,000 claims (./cpd.ts) — on top of the demo data, so the demo accounts still sign in.
//
// Everything is set-based SQL (insert … select … from generate_series); ids and values are arithmetic
// on the series index, so two runs make the same rows (timestamps are relative to the run's start).
// Every bulk user has the password 'Learner2026': ONE argon2 hash, computed once, stored in every row.
// The foreign keys and secondary indexes of the big tables are dropped while their rows go in and
// put back afterwards (the keys re-checked by one VALIDATE each): the same rules hold at the end.
//
//   DATABASE_URL=postgres://… npm run db:large [-- --force]
import path from 'node:path';
import postgres from 'postgres';
import { hashPassword } from '../../auth/password';
import { createFileStore } from '../../storage/file-store';
import { openDatabase } from '../client';
import { seedIfEmpty, DEMO_ACCOUNTS } from '../seed';
import { seedContentIfEmpty } from '../seed-content';
import { CPD_BIG_TABLES, largeCpdSteps } from './cpd';

export const LARGE = {
  users: 100_000,
  /** One user in MANAGER_EVERY is a manager; the next MANAGER_EVERY - 1 are its downlines. */
  managerEvery: 20,
  /** Of each block of 20, this many downlines are recruits (5%). */
  courses: 2_000,
  /** The last ones are published in the future (not shown to learners). */
  futureCourses: 20,
  lessonsPerCourse: 3,
  itemsPerLesson: 3,
  enrolmentsPerUser: 10,
  likesPerUser: 3,
  recordsPerUser: 100,
  notificationsPerUser: 5,
  identityChecksPerUser: 10,
  password: 'Learner2026',
} as const;

const BIG_TABLES = ['course_enrolments', 'course_likes', 'on_screen_logs', 'notifications', 'identity_checks', ...CPD_BIG_TABLES] as const;

type Sql = postgres.Sql | postgres.TransactionSql;

function fail(message: string): never {
  console.error(`db:large: ${message}`);
  process.exit(1);
}

async function timed(label: string, work: () => Promise<number | void>): Promise<void> {
  const started = performance.now();
  const rows = await work();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`  ${label.padEnd(34)} ${rows === undefined ? ''.padStart(17) : `${rows.toLocaleString('en').padStart(12)} rows`} ${seconds.padStart(7)} s`);
}

const countOf = async (sql: Sql, table: string) => Number((await sql.unsafe(`select count(*)::bigint as n from ${table}`))[0].n);

/** The foreign keys and non-unique-constraint indexes of a table (to put back after the load). */
async function detach(sql: Sql, table: string): Promise<{ fks: { name: string; def: string }[]; indexes: { name: string; def: string }[] }> {
  const fks = (await sql`select conname as name, pg_get_constraintdef(oid) as def from pg_constraint where conrelid = ${table}::regclass and contype = 'f'`) as unknown as { name: string; def: string }[];
  const indexes = (await sql`select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def from pg_index i
    where i.indrelid = ${table}::regclass and not i.indisprimary and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`) as unknown as { name: string; def: string }[];
  for (const fk of fks) await sql.unsafe(`alter table ${table} drop constraint "${fk.name}"`);
  for (const index of indexes) await sql.unsafe(`drop index ${index.name}`);
  return { fks, indexes };
}

async function reattach(sql: Sql, table: string, detached: Awaited<ReturnType<typeof detach>>): Promise<void> {
  for (const index of detached.indexes) await sql.unsafe(index.def);
  for (const fk of detached.fks) {
    await sql.unsafe(`alter table ${table} add constraint "${fk.name}" ${fk.def} not valid`);
    await sql.unsafe(`alter table ${table} validate constraint "${fk.name}"`);
  }
}

async function main(): Promise<void> {
  const force = process.argv.includes('--force');
  const url = process.env.DATABASE_URL;
  if (!url) fail('DATABASE_URL is not set: the large data set is for PostgreSQL (postgres://…), never the embedded PGlite.');
  if (!/^postgres(ql)?:\/\//.test(url)) fail(`DATABASE_URL must be a postgres:// URL (PGlite is refused), not ${url.split(':')[0]}:…`);
  const started = performance.now();
  const dataDir = path.resolve(process.env.DATA_DIR ?? './data');

  console.log('db:large: migrations and the demo seed (the server start-up path)');
  const database = await openDatabase({ kind: 'postgres', url });
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  try {
    const users = await countOf(sql, 'users');
    const records = await countOf(sql, 'on_screen_logs');
    if ((users > DEMO_ACCOUNTS.length || records > 10_000) && !force) {
      fail(`the database already holds more than the demo (${users} users, ${records} on-screen records): pass --force to empty it and fill it again.`);
    }
    if (force && users > 0) {
      const tables = (await sql`select tablename from pg_tables where schemaname = 'public'`).map((t) => `"${t.tablename}"`);
      await sql.unsafe(`truncate ${tables.join(', ')} restart identity cascade`);
      console.log('  --force: every table emptied');
    }
    await seedIfEmpty(database.db);
    await seedContentIfEmpty(database.db, createFileStore(path.join(dataDir, 'files')));
    await database.close();
    console.log(`  demo seeded (${((performance.now() - started) / 1000).toFixed(1)} s); files in ${path.join(dataDir, 'files')}`);

    const hash = await hashPassword(LARGE.password);
    // One transaction: a failure leaves the demo database as it was (constraints included).
    await sql.begin(async (sql) => {
    await sql`set local synchronous_commit = off`;
    await sql`set local maintenance_work_mem = '256MB'`;
    await sql`set local work_mem = '64MB'`;
    const base = async (table: string) => Number((await sql.unsafe(`select coalesce(max(id), 0)::bigint as n from ${table}`))[0].n);
    const ub = await base('users');
    const cb = await base('courses');
    const lb = await base('lessons');
    const ib = await base('course_items');
    const { n: now } = (await sql`select extract(epoch from date_trunc('second', now()))::bigint * 1000 as n`)[0] as unknown as { n: string };
    const nowMs = Number(now);
    const U = LARGE.users;
    const C = LARGE.courses;
    const P = C - LARGE.futureCourses;
    const M = LARGE.managerEvery;
    const itemsPerCourse = LARGE.lessonsPerCourse * LARGE.itemsPerLesson;
    // The course of a user's k-th enrolment: distinct for k < 10 (197·9 < P), published ones only.
    const courseOf = (g: string, k: string) => `(1 + ((${g} * 37 + ${k} * 197) % ${P}))`;
    const at = (ms: string) => `to_timestamp((${ms})::double precision / 1000)`;

    const detached = new Map<string, Awaited<ReturnType<typeof detach>>>();
    for (const table of BIG_TABLES) detached.set(table, await detach(sql, table));

    console.log(`db:large: bulk rows (users from id ${ub + 1}, courses from id ${cb + 1})`);
    await timed('users', async () => {
      const r = await sql.unsafe(
        `insert into users (id, external_id, name, email, password_hash, manager_id, upline_id, role, password_reset, created_at)
         overriding system value
         select ${ub} + g, 'L' || lpad(g::text, 6, '0'), 'Learner ' || g, 'l' || lpad(g::text, 6, '0') || '@bulk.agent-academy.test', $1,
           case when g % ${M} = 1 then 'LM' || lpad(g::text, 6, '0') end,
           case when g % ${M} = 1 then null else ${ub} + ((g - 1) / ${M}) * ${M} + 1 end,
           case when g % ${M} = 1 then 'manager' when g % ${M} = 0 then 'recruit' else 'agent' end,
           true, ${at(`${nowMs} - (g % 1000)::bigint * 86400000`)}
         from generate_series(1, ${U}) g`,
        [hash],
      );
      await sql`select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`;
      return r.count;
    });
    await timed('courses', async () => {
      const r = await sql.unsafe(
        `insert into courses (id, title, description, kind, department_id, published_at, cover_url, cpd_hours, clicks, created_at)
         overriding system value
         select ${cb} + c,
           jsonb_build_object('en', 'Course ' || c || ': ' || (array['Ethics','Products','Sales','Compliance','Service'])[1 + c % 5], 'zh', '課程 ' || c, 'cn', '课程 ' || c),
           jsonb_build_object('en', 'Bulk course number ' || c || ' for the large data set.', 'zh', '大型資料課程 ' || c, 'cn', '大型数据课程 ' || c),
           (array['compulsory','elective','recommended'])[1 + c % 3],
           d.ids[1 + c % array_length(d.ids, 1)],
           case when c > ${P} then ${at(`${nowMs} + c::bigint * 86400000`)} else ${at(`${nowMs} - (c % 1460)::bigint * 86400000 - (c * 37 % 86400)::bigint * 1000`)} end,
           null, 0.5 + c % 5, (c * 7) % 5000,
           ${at(`${nowMs} - (c % 1460)::bigint * 86400000 - 86400000`)}
         from generate_series(1, ${C}) c, (select array_agg(id order by id) as ids from departments) d`,
      );
      await sql`select setval(pg_get_serial_sequence('courses', 'id'), (select max(id) from courses))`;
      return r.count;
    });
    await timed('lessons', async () => {
      const r = await sql.unsafe(
        `insert into lessons (id, course_id, position, title) overriding system value
         select ${lb} + (c - 1) * ${LARGE.lessonsPerCourse} + l, ${cb} + c, l,
           jsonb_build_object('en', 'Lesson ' || l, 'zh', '第 ' || l || ' 課', 'cn', '第 ' || l || ' 课')
         from generate_series(1, ${C}) c, generate_series(1, ${LARGE.lessonsPerCourse}) l`,
      );
      await sql`select setval(pg_get_serial_sequence('lessons', 'id'), (select max(id) from lessons))`;
      return r.count;
    });
    await timed('course_items', async () => {
      const r = await sql.unsafe(
        `insert into course_items (id, lesson_id, course_id, position, kind, title, body, required_seconds) overriding system value
         select ${ib} + (c - 1) * ${itemsPerCourse} + (l - 1) * ${LARGE.itemsPerLesson} + i, ${lb} + (c - 1) * ${LARGE.lessonsPerCourse} + l, ${cb} + c, i, 'reading',
           jsonb_build_object('en', 'Reading ' || l || '.' || i, 'zh', '閱讀 ' || l || '.' || i, 'cn', '阅读 ' || l || '.' || i),
           jsonb_build_object('en', 'Text of reading ' || l || '.' || i || ' of course ' || c || '.', 'zh', '閱讀內容', 'cn', '阅读内容'),
           60 + ((c + l + i) % 10) * 30
         from generate_series(1, ${C}) c, generate_series(1, ${LARGE.lessonsPerCourse}) l, generate_series(1, ${LARGE.itemsPerLesson}) i`,
      );
      await sql`select setval(pg_get_serial_sequence('course_items', 'id'), (select max(id) from course_items))`;
      return r.count;
    });
    await timed('course_enrolments', async () => {
      const r = await sql.unsafe(
        `insert into course_enrolments (user_id, course_id, status, created_at, completed_at)
         select ${ub} + g, ${cb} + ${courseOf('g', 'k')},
           case when (g + k) % 3 = 0 then 'completed' else 'in_progress' end,
           ${at(`${nowMs} - ((g * (k + 1)) % 700)::bigint * 86400000 - 864000000`)},
           case when (g + k) % 3 = 0 then ${at(`${nowMs} - ((g * (k + 1)) % 700)::bigint * 86400000 - 691200000`)} end
         from generate_series(1, ${U}) g, generate_series(0, ${LARGE.enrolmentsPerUser - 1}) k`,
      );
      return r.count;
    });
    await timed('course_likes', async () => {
      const r = await sql.unsafe(
        `insert into course_likes (user_id, course_id, created_at)
         select ${ub} + g, ${cb} + 1 + ((g * 53 + k * 389) % ${P}), ${at(`${nowMs} - ((g + k) % 365)::bigint * 86400000`)}
         from generate_series(1, ${U}) g, generate_series(0, ${LARGE.likesPerUser - 1}) k`,
      );
      return r.count;
    });
    // 100 records per user: 10 per enrolled course, on its items in turn, one hour apart.
    const chunk = 10_000;
    await timed('on_screen_logs', async () => {
      let total = 0;
      for (let from = 1; from <= U; from += chunk) {
        const to = Math.min(U, from + chunk - 1);
        const r = await sql.unsafe(
          `insert into on_screen_logs (user_id, course_id, item_id, duration, key, claimed_duration, created_at)
           select ${ub} + g, ${cb} + c, ${ib} + (c - 1) * ${itemsPerCourse} + 1 + (r / ${LARGE.enrolmentsPerUser}) % ${itemsPerCourse}, 30 + (g + r) % 90,
             k, 30 + (g + r) % 90, ${at('k')}
           from generate_series(${from}, ${to}) g, generate_series(0, ${LARGE.recordsPerUser - 1}) r,
             lateral (select ${courseOf('g', `(r % ${LARGE.enrolmentsPerUser})`)} as c, ${nowMs} - ((g * 7) % 600)::bigint * 86400000 - r::bigint * 3600000 as k) x`,
        );
        total += r.count;
        if (to % 50_000 === 0) console.log(`    on_screen_logs: ${total.toLocaleString('en')} rows (${((performance.now() - started) / 1000).toFixed(0)} s since start)`);
      }
      return total;
    });
    // One signed-in browser per user (the auth path's tables at scale); 1 token in 10 long expired.
    await timed('sessions', async () => {
      const r = await sql.unsafe(
        `insert into sessions (id, user_id, client_id, created_at, last_seen_at, g2fa)
         select md5('session ' || g)::uuid, ${ub} + g, md5('client ' || g)::uuid::text, ${at(`${nowMs} - (g % 7)::bigint * 86400000`)}, ${at(`${nowMs} - (g % 3600)::bigint * 1000`)}, false
         from generate_series(1, ${U}) g`,
      );
      return r.count;
    });
    await timed('tokens', async () => {
      const r = await sql.unsafe(
        `insert into tokens (jti, session_id, issued_at, expires_at)
         select 'bulk-' || g, md5('session ' || g)::uuid, ${at(`${nowMs} - (g % 3600)::bigint * 1000`)},
           case when g % 10 = 0 then ${at(`${nowMs} - 86400000`)} else ${at(`${nowMs} + 3600000 - (g % 3600)::bigint * 1000`)} end
         from generate_series(1, ${U}) g`,
      );
      return r.count;
    });
    await timed('notifications', async () => {
      const r = await sql.unsafe(
        `insert into notifications (user_id, kind, sender, title, body, read_at, created_at)
         select ${ub} + g, (array['recommendation','system_notice','assignment_due_date','marking_done'])[1 + (g + n) % 4], case when n % 2 = 0 then 'Administrator' end,
           'Notice ' || n, 'Bulk notice ' || n || ' for learner ' || g || '.',
           case when (g + n) % 5 <> 0 then ${at(`${nowMs} - n::bigint * 86400000`)} end, ${at(`${nowMs} - (n + 1)::bigint * 86400000`)}
         from generate_series(1, ${U}) g, generate_series(0, ${LARGE.notificationsPerUser - 1}) n`,
      );
      return r.count;
    });
    await timed('identity_checks', async () => {
      const r = await sql.unsafe(
        `insert into identity_checks (user_id, session_id, type, outcome, course_id, item_id, created_at)
         select ${ub} + g, null, case when g % 10 = 0 then 'authenticator' else 'password' end, case when (g + n) % 17 = 0 then 'failure' else 'success' end,
           (${cb} + ${courseOf('g', `(n % ${LARGE.enrolmentsPerUser})`)})::text, null,
           ${at(`${nowMs} - ((g * 7) % 600)::bigint * 86400000 - n::bigint * 3600000 - 60000`)}
         from generate_series(1, ${U}) g, generate_series(0, ${LARGE.identityChecksPerUser - 1}) n`,
      );
      return r.count;
    });
    // Issue 45: approvals, licences and claims (server/db/large/cpd.ts).
    for (const step of largeCpdSteps({ ub, cb, users: U, publishedCourses: P, managerEvery: M, nowMs })) {
      await timed(step.label, async () => {
        const rows = await step.run(sql);
        if (rows === 0) fail(`${step.label}: no rows (the demo seed's CPD claim, whose evidence the bulk claims share, is missing?)`);
        return rows;
      });
    }
    for (const table of BIG_TABLES) await timed(`${table}: indexes and foreign keys`, () => reattach(sql, table, detached.get(table)!));
    });
    // As autovacuum would have left a live database: statistics, and the visibility map that index-only scans need.
    await timed('vacuum (analyze)', async () => {
      await sql`vacuum (analyze)`;
    });
    console.log(`db:large: done in ${((performance.now() - started) / 1000).toFixed(0)} s; bulk users L000001…L${String(LARGE.users).padStart(6, '0')} sign in with ${LARGE.password}`);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

await main();
