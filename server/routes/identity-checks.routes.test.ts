import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { HEADER } from '../../src/config/constants';
import { identityChecks, users } from '../db/schema';
import { createTestContext, TEST_CLIENT_ID, type TestContext } from '../test-support';
import { codeAtStep, stepOf } from '../testing/rfc6238';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const dryRun = (query: string, json: unknown, token?: string) => ctx.request(`/api/auth/login?dry_run=1${query}`, { method: 'POST', json, token });
const list = async (token: string, query = '') => {
  const res = await ctx.request(`/api/identity-checks${query}`, { token });
  expect(res.status).toBe(200);
  return res.json();
};
const audit = (token: string, query = '') => ctx.request(`/api/audit/identity-checks${query}`, { token });

// The clock only moves forward through this file (tokens are not valid before they were issued):
// each test sets it to a later, known moment, then signs in.
describe('identity checks recorded by the dry-run login (password prompt)', () => {
  it('records a success with course and item for the bearer’s session, and a failure for a wrong password', async () => {
    ctx.clock.set(Date.UTC(2030, 2, 2, 10, 0, 0));
    const agent01 = await ctx.login('agent01', 'Learner2026');
    // The demo seeds one passed check of agent01 (the evidence replay's day, ADR 097): this test's two come on top, newest first.
    const seeded = (await list(agent01)).total;
    expect((await dryRun('&course_id=12&item_id=34', { external_id: 'agent01', password: 'Learner2026' }, agent01)).status).toBe(204);
    ctx.clock.advance(60_000);
    const wrong = await dryRun('&course_id=12&item_id=35', { external_id: 'agent01', password: 'Wrong2026' }, agent01);
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toBe('The agent code or password is incorrect.');

    const { data, total } = await list(agent01);
    expect(total).toBe(seeded + 2);
    expect(data.slice(0, 2)).toEqual([
      { id: expect.any(String), type: 'password', outcome: 'failure', course_id: '12', item_id: '35', created_at: '2030-03-02T10:01:00.000Z' },
      { id: expect.any(String), type: 'password', outcome: 'success', course_id: '12', item_id: '34', created_at: '2030-03-02T10:00:00.000Z' },
    ]);
  });

  it('another account’s right password is a failure of this session’s check', async () => {
    const token = await ctx.login('agent02', 'Learner2026');
    expect((await dryRun('', { external_id: 'agent03', password: 'Learner2026' }, token)).status).toBe(400);
    const { data } = await list(token);
    expect(data.map((c: { outcome: string; course_id: unknown }) => [c.outcome, c.course_id])).toEqual([['failure', null]]);
  });

  it('records nothing without a bearer token, and refuses a token whose session ended (401)', async () => {
    const before = await ctx.database.db.$count(identityChecks);
    expect((await dryRun('&course_id=1', { external_id: 'agent03', password: 'Learner2026' })).status).toBe(204);
    const ended = await ctx.login('agent03', 'Learner2026');
    await ctx.request('/api/auth/logout', { method: 'POST', token: ended });
    expect((await dryRun('', { external_id: 'agent03', password: 'Learner2026' }, ended)).status).toBe(401);
    expect(await ctx.database.db.$count(identityChecks)).toBe(before);
  });

  it('refuses course and item ids that are not ids', async () => {
    const agent01 = await ctx.login('agent01', 'Learner2026');
    const res = await dryRun('&course_id=%3Cscript%3E', { external_id: 'agent01', password: 'Learner2026' }, agent01);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('The id is not valid.');
  });
});

describe('GET /api/identity-checks', () => {
  it('lists only the user’s own checks, newest first, in pages', async () => {
    const start = Date.UTC(2030, 3, 1, 8, 0, 0);
    ctx.clock.set(start);
    const token = await ctx.login('recruit01', 'Recruit2026');
    for (let i = 0; i < 5; i++) {
      ctx.clock.set(start + i * 60_000);
      await dryRun(`&item_id=${i}`, { external_id: 'recruit01', password: i % 2 ? 'Wrong2026' : 'Recruit2026' }, token);
    }
    const first = await list(token, '?page=1&per_page=2');
    expect(first).toMatchObject({ page: 1, per_page: 2, total: 5 });
    expect(first.data.map((c: { item_id: string }) => c.item_id)).toEqual(['4', '3']);
    const last = await list(token, '?page=3&per_page=2');
    expect(last.data.map((c: { item_id: string; outcome: string }) => [c.item_id, c.outcome])).toEqual([['0', 'success']]);
    expect((await list(token, '?page=9')).data).toEqual([]);
  });

  it('refuses bad paging and needs a token', async () => {
    const token = await ctx.login('recruit01', 'Recruit2026');
    for (const q of ['?page=0', '?per_page=101', '?page=x']) {
      const res = await ctx.request(`/api/identity-checks${q}`, { token });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe('The page number or page size is not valid.');
    }
    expect((await ctx.request('/api/identity-checks')).status).toBe(401);
  });
});

describe('GET /api/audit/identity-checks', () => {
  let auditor: string;
  beforeAll(async () => {
    // agent2fa answers an authenticator prompt on a known day.
    ctx.clock.set(Date.UTC(2030, 4, 20, 23, 30, 10));
    auditor = await ctx.login('auditor01', 'Auditor2026');
    const verified = await ctx.request('/api/auth/2fa/verify', {
      method: 'POST',
      json: { external_id: 'agent2fa', password: 'Secure2026', one_time_password: codeAtStep('JBSWY3DPEHPK3PXP', stepOf(ctx.clock.now())) },
      headers: { [HEADER.clientId]: TEST_CLIENT_ID },
    });
    const token = await verified.text();
    ctx.clock.advance(30_000);
    const check = await ctx.request('/api/auth/2fa/check', {
      method: 'POST',
      token,
      json: { one_time_password: codeAtStep('JBSWY3DPEHPK3PXP', stepOf(ctx.clock.now())), course_id: 'c-9', item_id: 'i-1' },
    });
    expect(check.status).toBe(204);
  });

  it('lists everyone’s checks with agent code and name for an auditor', async () => {
    const res = await audit(auditor);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.total).toBe(await ctx.database.db.$count(identityChecks));
    const people = new Set(body.data.map((c: { external_id: string }) => c.external_id));
    expect(people).toEqual(new Set(['agent01', 'agent02', 'recruit01', 'agent2fa']));
    expect(body.data.find((c: { type: string }) => c.type === 'authenticator')).toEqual({
      id: expect.any(String),
      type: 'authenticator',
      outcome: 'success',
      course_id: 'c-9',
      item_id: 'i-1',
      created_at: '2030-05-20T23:30:40.000Z',
      external_id: 'agent2fa',
      name: 'Lam Chi Ho',
    });
    const times = body.data.map((c: { created_at: string }) => c.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('filters by agent code (any case) and by time; a bare date is a whole UTC day', async () => {
    const codes = async (query: string) => {
      const res = await audit(auditor, query);
      expect(res.status).toBe(200);
      return (await res.json()).data.map((c: { external_id: string; item_id: string | null }) => `${c.external_id}:${c.item_id}`);
    };
    // From 2030: the demo's own checks (agent01's seeded one, ADR 097) are older.
    expect(await codes('?external_id=AGENT01&from=2030-01-01')).toEqual(['agent01:35', 'agent01:34']);
    expect(await codes('?from=2030-05-20&to=2030-05-20')).toEqual(['agent2fa:i-1']);
    expect(await codes('?from=2030-01-01&to=2030-03-02T10:00:00Z')).toEqual(['agent01:34']);
    // Same moment: the later record first.
    expect(await codes('?from=2030-03-02T10:00:30Z&to=2030-03-31')).toEqual(['agent02:null', 'agent01:35']);
    expect(await codes('?from=2030-04-01T08:03:00%2B00:00&external_id=recruit01')).toEqual(['recruit01:4', 'recruit01:3']);
    expect(await codes('?external_id=nobody')).toEqual([]);
    expect((await (await audit(auditor, '?per_page=2&page=2')).json()).data).toHaveLength(2);
  });

  it('refuses a bad date with a translated message', async () => {
    const res = await audit(auditor, '?from=2030-02-30x');
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('The date is not valid.');
    const zh = await ctx.request('/api/audit/identity-checks?to=yesterday', { token: auditor, headers: { [HEADER.language]: 'zh-HK' } });
    expect((await zh.json()).message).toBe('日期無效。');
    // Year 0000, which PostgreSQL has no date for (a 500 before), as a day and as an instant.
    for (const bound of ['?from=0000-01-01', '?to=0000-12-31T23:00:00Z', '?from=0001-01-01T00:00:00%2B01:00', '?to=9999-12-31']) {
      const refused = await audit(auditor, bound);
      expect(refused.status, bound).toBe(400);
      expect((await refused.json()).message).toBe('The date is not valid.');
    }
    expect((await audit(auditor, '?from=0001-01-01&to=9999-12-30')).status).toBe(200);
  });

  it('answers 403 to anyone who is not an auditor, 401 without a token', async () => {
    for (const [code, password] of [['agent01', 'Learner2026'], ['manager01', 'Manager2026']]) {
      const res = await audit(await ctx.login(code, password));
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ status_code: 403, code: 'Forbidden', message: 'You do not have permission to view this.' });
    }
    expect((await audit('')).status).toBe(401);
  });

  it('counts the total exactly up to 10,000 and says when more match (ADR 040), still serving every page', async () => {
    const db = ctx.database.db;
    const exact = await (await audit(auditor)).json();
    expect(exact).toMatchObject({ total: await db.$count(identityChecks), total_exact: true });
    // Checks of agent02 on 2031-01-01, one a second: up to exactly the cap, then one more.
    const [{ id: userId }] = await db.select({ id: users.id }).from(users).where(eq(users.externalId, 'agent02'));
    const addChecks = (from: number, to: number) =>
      db.execute(sql`insert into identity_checks (user_id, type, outcome, created_at)
        select ${userId}, 'password', 'success', timestamptz '2031-01-01T00:00:00Z' + make_interval(secs => n) from generate_series(${from}::int, ${to}::int) n`);
    await addChecks(1, 10_000);
    const atCap = await (await audit(auditor, '?from=2031-01-01')).json();
    expect(atCap).toMatchObject({ total: 10_000, total_exact: true });
    // The same whole day counted from the checks (a date-time bound) rather than the day counters.
    expect(await (await audit(auditor, '?from=2031-01-01T00:00:00Z')).json()).toMatchObject({ total: 10_000, total_exact: true });
    await addChecks(10_001, 10_001);
    const past = await (await audit(auditor, '?from=2031-01-01&per_page=20&page=501')).json();
    expect(past).toMatchObject({ total: 10_000, total_exact: false, page: 501 });
    expect(await (await audit(auditor, '?from=2031-01-01T00:00:00Z')).json()).toMatchObject({ total: 10_000, total_exact: false });
    // Page 501 of 20 holds the 10,001st newest: the oldest of the inserted checks.
    expect(past.data.map((c: { created_at: string }) => c.created_at)).toEqual(['2031-01-01T00:00:01.000Z']);
    expect(await (await audit(auditor, '?external_id=agent2fa')).json()).toMatchObject({ total: 1, total_exact: true });
  });

  // The last test of the file: it ends by emptying identity_checks (and the credited spans that cite them).
  it('totals whole UTC days from day counters that follow every insert, move and delete of a check (ADR 054)', async () => {
    const db = ctx.database.db;
    const [{ id: userId }] = await db.select({ id: users.id }).from(users).where(eq(users.externalId, 'agent01'));
    const total = async (query: string) => {
      const res = await audit(auditor, query);
      expect(res.status).toBe(200);
      return (await res.json()).total;
    };
    // Around midnight UTC of 1 June 2032; 07:59 in Hong Kong is still 31 May in UTC. Written by a
    // session whose time zone is Hong Kong's, as a server's may be: the days are UTC days all the same.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'Asia/Hong_Kong'`);
      await tx.execute(sql`insert into identity_checks (user_id, type, outcome, created_at) values
        (${userId}, 'password', 'success', '2032-05-31T23:59:59.999Z'), (${userId}, 'password', 'success', '2032-06-01T07:59:00+08:00'),
        (${userId}, 'password', 'failure', '2032-06-01T00:00:00Z'), (${userId}, 'authenticator', 'success', '2032-06-02T12:00:00Z')`);
    });
    expect(await total('?from=2032-05-31&to=2032-05-31')).toBe(2);
    // The page of a bare day ends before the next midnight, as its total does.
    const times = async (query: string) => (await (await audit(auditor, query)).json()).data.map((c: { created_at: string }) => c.created_at);
    expect(await times('?from=2032-05-31&to=2032-05-31')).toEqual(['2032-05-31T23:59:59.999Z', '2032-05-31T23:59:00.000Z']);
    expect(await total('?from=2032-06-01&to=2032-06-01')).toBe(1);
    expect(await total('?from=2032-05-31')).toBe(4);
    expect(await total('?from=2032-06-03')).toBe(0);
    // Whole days by date-times are counted from the checks themselves: the same figures.
    expect(await total('?from=2032-05-31T00:00:00Z&to=2032-06-01T23:59:59.999Z')).toBe(3);
    expect(await total('?from=2032-05-31&to=2032-06-01')).toBe(3);
    // A check moved to another day, then two deleted.
    await db.execute(sql`update identity_checks set created_at = '2032-05-31T12:00:00Z' where created_at = '2032-06-02T12:00:00Z'`);
    expect(await total('?from=2032-05-31&to=2032-05-31')).toBe(3);
    expect(await total('?from=2032-06-02')).toBe(0);
    await db.execute(sql`delete from identity_checks where created_at in ('2032-05-31T23:59:59.999Z', '2032-06-01T00:00:00Z')`);
    expect(await total('?from=2032-05-31')).toBe(2);
    expect(await total('?from=2032-06-01&to=2032-06-01')).toBe(0);
    // A page past the end has no row to carry the total: it is asked for alone, by either path.
    for (const from of ['2032-05-31', '2032-05-31T00:00:00Z']) {
      expect(await (await audit(auditor, `?from=${from}&page=9`)).json()).toMatchObject({ data: [], page: 9, total: 2, total_exact: true });
    }
    // Every day's counter is its checks' count, and the totals agree with the table's.
    const disagreeing = await db.execute(sql`select day from identity_check_counts c
      full join (select (created_at at time zone 'UTC')::date as day, count(*)::int as n from identity_checks group by 1) t using (day)
      where coalesce(c.checks, 0) <> coalesce(t.n, 0)`);
    // db.execute answers an array on postgres.js, { rows } on PGlite.
    expect(Array.isArray(disagreeing) ? disagreeing : (disagreeing as unknown as { rows: unknown[] }).rows).toEqual([]);
    await db.execute(sql`truncate identity_checks cascade`);
    expect(await (await audit(auditor)).json()).toMatchObject({ total: 0, total_exact: true, data: [] });
  });
});
