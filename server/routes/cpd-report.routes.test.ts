import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpdReportSchema } from '../../src/api/schemas/cpd-report.schema';
import { HEADER } from '../../src/config/constants';
import { users } from '../db/schema';
import { createTestContext, type TestContext } from '../test-support';
import { bodyText, parseCsv } from '../test-csv';

// Issue 45, ADR 087 "Must show": the compliance officer's reports on the demo data (plus another
// team): auditors only; bad input a clear 4xx before the first byte; the streamed CSV equals the paged report.

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

describe('GET /api/cpd/report and report.csv', () => {
  it('is the auditor’s only: a learner and a manager get 403', async () => {
    for (const who of ['agent01', 'manager01']) {
      expect((await get('/api/cpd/report', who)).status).toBe(403);
      expect((await get('/api/cpd/report.csv', who)).status).toBe(403);
    }
  });

  it('pages every licensee by id, with the ledger’s figures', async () => {
    const first = cpdReportSchema.parse(await (await get('/api/cpd/report?per_page=2', 'auditor01')).json());
    expect(first.per_page).toBe(2);
    expect(first.data).toHaveLength(2);
    const all = cpdReportSchema.parse(await (await get('/api/cpd/report?per_page=50', 'auditor01')).json());
    expect(all.total).toBe(all.data.length);
    const codes = all.data.map((r) => r.agent_code);
    expect(codes).toEqual(expect.arrayContaining(['agent01', 'agent02', 'agent03', 'manager01', 'agent09']));
    expect(codes).not.toContain('auditor01');
    expect(codes).not.toContain('recruit01');
    const by = Object.fromEntries(all.data.map((r) => [r.agent_code, r]));
    expect(by.agent01).toMatchObject({ minutes: 660, ethics_minutes: 300, target_minutes: 900, compliant: false });
    expect(by.agent02).toMatchObject({ compliant: true });
    expect(all.period.insurer_report_due).toBe(`${all.period.start_year + 1}-10-31`);
    expect(all.period.declaration_due).toBe(`${all.period.start_year + 1}-09-30`);
  });

  it('lists who can declare and who cannot', async () => {
    const can = cpdReportSchema.parse(await (await get('/api/cpd/report?list=can_declare&per_page=50', 'auditor01')).json());
    const cannot = cpdReportSchema.parse(await (await get('/api/cpd/report?list=cannot_declare&per_page=50', 'auditor01')).json());
    expect(can.data.every((r) => r.compliant)).toBe(true);
    expect(cannot.data.every((r) => !r.compliant)).toBe(true);
    expect(can.data.map((r) => r.agent_code)).toContain('agent02');
    expect(cannot.data.map((r) => r.agent_code)).toEqual(expect.arrayContaining(['agent01', 'agent03']));
    const all = cpdReportSchema.parse(await (await get('/api/cpd/report?per_page=50', 'auditor01')).json());
    expect(can.total + cannot.total).toBe(all.total);
  });

  it('streams the CSV equal to the paged report', async () => {
    const paged = [];
    for (let page = 1; ; page += 1) {
      const p = cpdReportSchema.parse(await (await get(`/api/cpd/report?per_page=3&page=${page}`, 'auditor01')).json());
      paged.push(...p.data);
      if (page * 3 >= p.total) break;
    }
    const res = await get('/api/cpd/report.csv', 'auditor01');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Disposition')).toMatch(/cpd-insurer-report-\d{4}\.csv/);
    const [header, ...rows] = parseCsv(await bodyText(res));
    expect(header).toEqual(['Agent code', 'Name', 'Hours', 'E/R hours', 'Target hours', 'E/R target hours', 'Compliant']);
    expect(rows.map((r) => [r[0], r[1], Math.round(Number(r[2]) * 60), Math.round(Number(r[3]) * 60), Math.round(Number(r[4]) * 60), r[6]])).toEqual(
      paged.map((r) => [r.agent_code, r.name, r.minutes, r.ethics_minutes, r.target_minutes, r.compliant ? 'Yes' : 'No']),
    );
    const declaring = parseCsv(await bodyText(await get('/api/cpd/report.csv?list=can_declare', 'auditor01', { [HEADER.language]: 'zh-HK' })));
    expect(declaring[0][0]).toBe('代理編號');
    expect(declaring.slice(1).every((r) => r[6] === '是')).toBe(true);
  });

  it('refuses a bad period or list before the first byte', async () => {
    expect((await get('/api/cpd/report.csv?period=1999', 'auditor01')).status).toBe(400);
    expect((await get('/api/cpd/report.csv?list=everyone', 'auditor01')).status).toBe(400);
    expect((await get('/api/cpd/report?page=0', 'auditor01')).status).toBe(400);
  });
});
