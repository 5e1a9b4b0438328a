import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../test-support';
import { planOf } from '../testing/plan-of';
import { createPostgresTestContext } from '../testing/postgres-context';
import { enrolmentTotals } from './learning-history';

// ADR 073: the manager's report (and a learner's history) reads each enrolment's course by its key.
// Joined as tables, PostgreSQL hashed the whole catalogue for a team's enrolments, so the report's
// cost grew with the number of courses. On PGlite and on the demo's 30 courses a hash is as good,
// so this runs on PostgreSQL with 2,000 courses and a team of 19 with 10 enrolments each, as in the
// large data set:
//   TEST_DATABASE_URL=postgres://… npx vitest run server/domain/learning-history.postgres.test.ts
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("a team's enrolments on 2,000 courses (TEST_DATABASE_URL)", () => {
  let ctx: TestContext;
  let team: number[];
  beforeAll(async () => {
    ctx = await createPostgresTestContext();
    const db = ctx.database.db;
    await db.execute(sql`
      insert into courses (title, description, kind, department_id, published_at)
      select jsonb_build_object('en', 'Catalogue ' || n), jsonb_build_object('en', 'A course of the report test'),
             'elective', (select min(id) from departments), now() - interval '1 day'
      from generate_series(1, 2000) as n`);
    await db.execute(sql`
      insert into users (external_id, name, email, password_hash)
      select 'TEAM' || n, 'Team member ' || n, 'team' || n || '@example.com', 'x' from generate_series(1, 19) as n`);
    const members = await db.execute<{ id: string }>(sql`select id from users where external_id like 'TEAM%' order by id`);
    team = (Array.isArray(members) ? members : (members as { rows: { id: string }[] }).rows).map((m) => Number(m.id));
    // Ten courses each, spread over the catalogue.
    await db.execute(sql`
      insert into course_enrolments (user_id, course_id)
      select u.id, c.id from users u
      cross join lateral (select id from courses order by md5(u.id::text || id::text) limit 10) c
      where u.external_id like 'TEAM%'`);
    await db.execute(sql`analyze courses`);
    await db.execute(sql`analyze course_enrolments`);
  });
  afterAll(() => ctx?.close());
  /** The team's ids as one bigint[] value, as the prepared statement receives them. */
  const teamIds = () => sql.raw(`array[${team.join(',')}]`);
  /** The team's enrolment totals as the report reads them: overdue at now, completed in this year. */
  const totalsOfTeam = () => enrolmentTotals(ctx.database.db, teamIds(), { now: sql`now()`, start: sql`now() - interval '1 year'`, end: sql`now()` });

  it("reads each enrolment's course by its key, not the whole catalogue", async () => {
    const plan = await planOf(ctx, sql`${totalsOfTeam()}`);
    expect(plan).toContain('Index Scan using courses_pkey on courses');
    expect(plan).not.toMatch(/Seq Scan on courses\b/);
  });

  it("counts the team's 190 enrolments, a row per member", async () => {
    const rows = await totalsOfTeam();
    expect(rows).toHaveLength(19);
    expect(new Set(rows.map((r) => r.userId))).toEqual(new Set(team));
    expect(rows.every((r) => r.inProgress === 10 && r.overdue === 0 && r.completed === 0 && r.elective === 0)).toBe(true);
  });
});
