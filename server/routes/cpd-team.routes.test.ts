import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CPD_ERROR_CODE } from '../../src/api/schemas/cpd-ledger.schema';
import { cpdTeamSchema } from '../../src/api/schemas/cpd-team.schema';
import { API_ERROR_CODE } from '../../src/api/schemas/error.schema';
import { HEADER } from '../../src/config/constants';
import { users } from '../db/schema';
import { cpdTotals } from '../domain/cpd-ledger';
import { periodOf } from '../domain/cpd-period';
import { createTestContext, type TestContext } from '../test-support';
import { bodyText, parseCsv } from '../test-csv';

// Issue 45, ADR 087 "Must show": the upline's team compliance and the compliance officer's reports
// on the demo data. A learner and a manager of another team learn nothing; bad input is a clear 4xx;
// both CSVs parse back to the JSON; the streamed report equals the paged one.

let ctx: TestContext;
const token: Record<string, string> = {};
const id: Record<string, number> = {};

const get = (path: string, who: string, headers: Record<string, string> = {}) => ctx.request(path, { token: token[who], headers });

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  const [manager] = await db.select().from(users).where(eq(users.externalId, 'manager01'));
  const [agent] = await db.select().from(users).where(eq(users.externalId, 'agent01'));
  // Another team: manager02 (same password as manager01) and their downline agent09.
  const [m2] = await db
    .insert(users)
    .values({ externalId: 'manager02', name: 'Ho Ka Yan', email: 'manager02@example.com', passwordHash: manager.passwordHash, managerId: 'M0002', role: 'manager', passwordReset: true })
    .returning({ id: users.id });
  await db.insert(users).values({ externalId: 'agent09', name: 'Lam Siu Ming', email: 'agent09@example.com', passwordHash: agent.passwordHash, uplineId: m2.id, role: 'agent', passwordReset: true });
  for (const u of await db.select({ id: users.id, code: users.externalId }).from(users)) id[u.code] = u.id;
  token.agent01 = await ctx.login('agent01', 'Learner2026');
  token.manager01 = await ctx.login('manager01', 'Manager2026');
  token.manager02 = await ctx.login('manager02', 'Manager2026');
  token.auditor01 = await ctx.login('auditor01', 'Auditor2026');
}, 120_000);
afterAll(() => ctx?.close());

describe('GET /api/cpd/team', () => {
  it('lists the manager’s own licensee downlines with the ledger’s figures and a forecast', async () => {
    const res = await get('/api/cpd/team', 'manager01');
    expect(res.status).toBe(200);
    const team = cpdTeamSchema.parse(await res.json());
    expect(team.period.start_year).toBe(periodOf(ctx.clock.now()));
    expect(team.rows.map((r) => r.name)).toEqual(team.rows.map((r) => r.name).sort((a, b) => a.localeCompare(b, 'en'))); // by name unless asked
    const by = Object.fromEntries(team.rows.map((r) => [r.agent_code, r]));
    expect(Object.keys(by)).toEqual(expect.arrayContaining(['agent01', 'agent02', 'agent03']));
    expect(by.recruit01).toBeUndefined(); // a recruit owes no CPD
    expect(by.agent09).toBeUndefined(); // another team's
    expect(by.agent01).toMatchObject({ minutes: 660, ethics_minutes: 300, target_minutes: 900, target_ethics_minutes: 180, needed_minutes: 240, needed_ethics_minutes: 0 });
    expect(by.agent02).toMatchObject({ forecast: 'met', needed_minutes: 0 });
    expect(by.agent03).toMatchObject({ forecast: 'at_risk' });
    // The same figures as cpdTotals (the ledger's rule).
    const totals = await cpdTotals(ctx.database.db, [id.agent01, id.agent03], team.period.start_year, new Date(ctx.clock.now()));
    expect(by.agent03.minutes).toBe(totals.get(id.agent03)!.minutes);
  });

  it('filters at risk and sorts on the server', async () => {
    const atRisk = cpdTeamSchema.parse(await (await get('/api/cpd/team?atRisk=true', 'manager01')).json());
    expect(atRisk.rows.length).toBeGreaterThan(0);
    expect(atRisk.rows.every((r) => r.forecast === 'at_risk')).toBe(true);
    expect(atRisk.rows.map((r) => r.agent_code)).toContain('agent03');
    const needed = cpdTeamSchema.parse(await (await get('/api/cpd/team?sort=needed', 'manager01')).json());
    const n = needed.rows.map((r) => r.needed_minutes);
    expect(n).toEqual([...n].sort((a, b) => b - a));
    const byName = cpdTeamSchema.parse(await (await get('/api/cpd/team?sort=name', 'manager01')).json());
    expect(byName.rows.map((r) => r.name)).toEqual(byName.rows.map((r) => r.name).sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('refuses a learner and the auditor (403 Forbidden); another manager sees only their own team', async () => {
    for (const who of ['agent01', 'auditor01']) {
      const res = await get('/api/cpd/team', who);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ status_code: 403, code: API_ERROR_CODE.forbidden });
    }
    const other = cpdTeamSchema.parse(await (await get('/api/cpd/team', 'manager02')).json());
    expect(other.rows.map((r) => r.agent_code)).toEqual(['agent09']);
    // …and cannot open manager01's downline's ledger, while manager01 can.
    expect((await get(`/api/cpd/ledger/${id.agent01}`, 'manager02')).status).toBe(403);
    expect((await get(`/api/cpd/ledger/${id.agent01}`, 'manager01')).status).toBe(200);
    expect((await get(`/api/cpd/ledger/${id.agent09}`, 'manager01')).status).toBe(403);
  });

  it.each([
    ['period=abc', CPD_ERROR_CODE.cpdPeriodInvalid],
    ['period=2018', CPD_ERROR_CODE.cpdPeriodOutOfRange],
    ['sort=salary', undefined],
    ['atRisk=yes', undefined],
    ['sort=name&sort=needed', undefined],
  ])('refuses ?%s with a translated 400', async (q, code) => {
    const res = await get(`/api/cpd/team?${q}`, 'manager01', { [HEADER.language]: 'zh-HK' });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.status_code).toBe(400);
    expect(typeof body.message).toBe('string');
    if (code) expect(body.code).toBe(code);
  });

  it('answers the CSV, which parses back to the JSON', async () => {
    const team = cpdTeamSchema.parse(await (await get('/api/cpd/team?sort=needed', 'manager01')).json());
    const res = await get('/api/cpd/team.csv?sort=needed', 'manager01');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/csv/);
    const [header, ...rows] = parseCsv(await bodyText(res));
    expect(header[0]).toBe('Name');
    expect(rows.map((r) => [r[0], r[1], Math.round(Number(r[2]) * 60), Math.round(Number(r[5]) * 60), r[8]])).toEqual(
      team.rows.map((r) => [r.name, r.agent_code, r.minutes, r.needed_minutes, { met: 'Met', on_track: 'On track', at_risk: 'At risk' }[r.forecast]]),
    );
    expect((await get('/api/cpd/team.csv', 'agent01')).status).toBe(403);
  });
});
