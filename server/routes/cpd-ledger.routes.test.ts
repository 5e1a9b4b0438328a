import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CPD_ERROR_CODE, cpdEvidenceSchema, cpdLedgerSchema } from '../../src/api/schemas/cpd-ledger.schema';
import { API_ERROR_CODE } from '../../src/api/schemas/error.schema';
import { HEADER } from '../../src/config/constants';
import { DEMO_DEVICE_ID } from '../db/seed-cpd';
import { courses, cpdClaims, cpdLedgerReads, offlineCourses, users } from '../db/schema';
import { periodOf } from '../domain/cpd-period';
import { createTestContext, type TestContext } from '../test-support';

// Issue 45 "Must show": the ledger's endpoints on the demo data, bad input of each kind → a clear
// 4xx with a code; a learner never reads another's ledger; an upline only their downlines'; the
// auditor any, read only, and every read of another person's ledger is itself recorded.

let ctx: TestContext;
const token = {} as Record<'agent01' | 'agent02' | 'manager01' | 'auditor01' | 'agent2fa', string>;
const id = {} as Record<'agent01' | 'agent02' | 'agent03' | 'agent2fa' | 'aml' | 'refresher' | 'approvedClaim' | 'pendingClaim', number>;

const uid = (code: string) => (id as Record<string, number>)[code];
const get = (path: string, who: keyof typeof token, headers: Record<string, string> = {}) => ctx.request(path, { token: token[who], headers });
const reads = async () => ctx.database.db.select().from(cpdLedgerReads).orderBy(cpdLedgerReads.id);

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  for (const u of await db.select({ id: users.id, code: users.externalId }).from(users)) (id as Record<string, number>)[u.code] = u.id;
  [{ id: id.aml }] = await db.select({ id: courses.id }).from(courses).where(sql`${courses.title} ->> 'en' = 'Anti-Money Laundering Essentials'`);
  [{ id: id.refresher }] = await db.select({ id: offlineCourses.id }).from(offlineCourses).where(sql`${offlineCourses.title} ->> 'en' = 'Compliance Refresher 2026'`);
  [{ id: id.approvedClaim }] = await db.select({ id: cpdClaims.id }).from(cpdClaims).where(and(eq(cpdClaims.userId, id.agent01), eq(cpdClaims.title, 'Financial Planning Update 2026')));
  [{ id: id.pendingClaim }] = await db.select({ id: cpdClaims.id }).from(cpdClaims).where(and(eq(cpdClaims.userId, id.agent01), eq(cpdClaims.status, 'pending')));
  token.agent01 = await ctx.login('agent01', 'Learner2026');
  token.agent02 = await ctx.login('agent02', 'Learner2026');
  token.manager01 = await ctx.login('manager01', 'Manager2026');
  token.auditor01 = await ctx.login('auditor01', 'Auditor2026');
}, 120_000);
afterAll(() => ctx?.close());

describe('GET /api/cpd/ledger (the caller’s own)', () => {
  it('answers the current period by the server clock, with the rows the server counted; an own read is not recorded', async () => {
    const res = await get('/api/cpd/ledger', 'agent01');
    expect(res.status).toBe(200);
    const ledger = cpdLedgerSchema.parse(await res.json());
    expect(ledger.user).toEqual({ id: String(id.agent01), name: 'Chan Tai Man', agent_code: 'agent01' });
    expect(ledger.period.start_year).toBe(periodOf(ctx.clock.now()));
    expect(ledger.rows.map((r) => r.id)).toEqual(expect.arrayContaining([`course:${id.aml}`, `offline:${id.refresher}`, `claim:${id.approvedClaim}`]));
    // The pending claim does not count.
    expect(ledger.rows.map((r) => r.id)).not.toContain(`claim:${id.pendingClaim}`);
    expect(await reads()).toEqual([]);
  });

  it('answers an earlier period asked for', async () => {
    const previous = periodOf(ctx.clock.now()) - 1;
    const ledger = cpdLedgerSchema.parse(await (await get(`/api/cpd/ledger?period=${previous}`, 'agent01')).json());
    expect(ledger.period.start_year).toBe(previous);
    expect(ledger.period.days_left).toBe(0);
  });

  it.each([
    ['abc', CPD_ERROR_CODE.cpdPeriodInvalid, 'The period must be the year it starts in, such as 2026.'],
    ['2026.5', CPD_ERROR_CODE.cpdPeriodInvalid, 'The period must be the year it starts in, such as 2026.'],
    ['-2026', CPD_ERROR_CODE.cpdPeriodInvalid, 'The period must be the year it starts in, such as 2026.'],
    ['2018', CPD_ERROR_CODE.cpdPeriodOutOfRange, null],
    ['2999', CPD_ERROR_CODE.cpdPeriodOutOfRange, null],
    ['99999999999999999999', CPD_ERROR_CODE.cpdPeriodInvalid, 'The period must be the year it starts in, such as 2026.'],
  ])('refuses ?period=%s with 400 and code %s', async (period, code, message) => {
    const res = await get(`/api/cpd/ledger?period=${encodeURIComponent(period)}`, 'agent01');
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ status_code: 400, code });
    if (message) expect(body.message).toBe(message);
    else expect(body.message).toMatch(/^There is no CPD ledger for that period: choose one from 2019 to \d{4}\.$/);
  });

  it('says why in the caller’s language; a period of a NUL or repeated is a 400 too', async () => {
    const zh = await get('/api/cpd/ledger?period=2018', 'agent01', { [HEADER.language]: 'zh-HK' });
    expect((await zh.json()).message).toMatch(/^該評核期沒有 CPD 記錄/);
    expect((await get('/api/cpd/ledger?period=%00', 'agent01')).status).toBe(400);
    expect((await get('/api/cpd/ledger?period=2025&period=2026', 'agent01')).status).toBe(400);
  });

  it('refuses a caller without a token', async () => {
    expect((await ctx.request('/api/cpd/ledger')).status).toBe(401);
    expect((await ctx.request(`/api/cpd/ledger/${id.agent01}`)).status).toBe(401);
    expect((await ctx.request(`/api/cpd/ledger/rows/course:${id.aml}/evidence`)).status).toBe(401);
  });
});

describe('GET /api/cpd/ledger/:userId (another licensee’s)', () => {
  it('a learner never reads another’s ledger (403 Forbidden), and nothing is recorded', async () => {
    const before = await reads();
    for (const other of [id.agent02, id.agent03, id.agent2fa]) {
      const res = await get(`/api/cpd/ledger/${other}`, 'agent01');
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: API_ERROR_CODE.forbidden });
    }
    expect(await reads()).toEqual(before);
  });

  it('the upline reads a downline’s ledger, and the read is recorded', async () => {
    const res = await get(`/api/cpd/ledger/${id.agent01}`, 'manager01');
    expect(res.status).toBe(200);
    expect(cpdLedgerSchema.parse(await res.json()).user.agent_code).toBe('agent01');
    expect((await reads()).at(-1)).toMatchObject({ readerId: uid('manager01'), subjectId: id.agent01, periodStartYear: periodOf(ctx.clock.now()), what: 'ledger', readAt: new Date(ctx.clock.now()) });
  });

  it('an upline never reads someone who is not their downline, nor an id that is nobody (403 either way)', async () => {
    const before = await reads();
    for (const other of [id.agent2fa, uid('auditor01'), 99_999_999]) expect((await get(`/api/cpd/ledger/${other}`, 'manager01')).status).toBe(403);
    expect(await reads()).toEqual(before);
  });

  it('the auditor reads anyone’s ledger, each read recorded; an id that is nobody is a 404', async () => {
    const res = await get(`/api/cpd/ledger/${id.agent2fa}?period=${periodOf(ctx.clock.now()) - 1}`, 'auditor01');
    expect(res.status).toBe(200);
    expect((await reads()).at(-1)).toMatchObject({ readerId: uid('auditor01'), subjectId: id.agent2fa, periodStartYear: periodOf(ctx.clock.now()) - 1, what: 'ledger' });
    expect((await get(`/api/cpd/ledger/${id.agent03}`, 'auditor01')).status).toBe(200);
    expect((await get('/api/cpd/ledger/99999999', 'auditor01')).status).toBe(404);
  });

  it('refuses a bad id or period with a 400 (after the permission: a stranger learns nothing)', async () => {
    expect((await get('/api/cpd/ledger/abc', 'manager01')).status).toBe(400);
    const bad = await get(`/api/cpd/ledger/${id.agent01}?period=x`, 'manager01');
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe(CPD_ERROR_CODE.cpdPeriodInvalid);
    expect((await get(`/api/cpd/ledger/${id.agent02}?period=x`, 'agent01')).status).toBe(403);
  });
});

describe('GET /api/cpd/ledger/rows/:rowId/evidence', () => {
  it('a course: every item and attachment with its credited seconds, viewings and device', async () => {
    const res = await get(`/api/cpd/ledger/rows/course:${id.aml}/evidence`, 'agent01');
    expect(res.status).toBe(200);
    const evidence = cpdEvidenceSchema.parse(await res.json());
    expect(evidence.row).toMatchObject({ id: `course:${id.aml}`, source: 'course', minutes: 120, ethics_or_regulations: true });
    expect(evidence.items.length).toBeGreaterThan(1);
    for (const item of evidence.items) {
      expect(item.credited_seconds, item.title).toBeGreaterThan(0);
      expect(item.viewings.reduce((n, v) => n + v.credited_seconds, 0)).toBe(item.credited_seconds);
      for (const v of item.viewings) {
        expect(v.device).toBe(DEMO_DEVICE_ID);
        expect(Date.parse(v.first_credited_at!)).toBeGreaterThanOrEqual(Date.parse(v.started_at));
      }
    }
    expect(evidence.attendance).toEqual([]);
    expect(evidence.claim).toBeNull();
  });

  it('a classroom course: each session’s check-in and check-out; a claim: what was claimed', async () => {
    const classroom = cpdEvidenceSchema.parse(await (await get(`/api/cpd/ledger/rows/offline:${id.refresher}/evidence`, 'agent01')).json());
    expect(classroom.attendance).toEqual([expect.objectContaining({ attended_minutes: 180, checked_in_at: expect.any(String), checked_out_at: expect.any(String) })]);
    const claim = cpdEvidenceSchema.parse(await (await get(`/api/cpd/ledger/rows/claim:${id.approvedClaim}/evidence`, 'agent01')).json());
    expect(claim.claim).toMatchObject({ kind: 'professional_body_event', provider: 'The Chartered Insurance Institute Hong Kong', evidence_name: 'Attendance certificate.pdf' });
  });

  it('a row that is not in the ledger is a 404: a pending claim, someone else’s row, a course never completed', async () => {
    expect((await get(`/api/cpd/ledger/rows/claim:${id.pendingClaim}/evidence`, 'agent01')).status).toBe(404);
    expect((await get(`/api/cpd/ledger/rows/claim:${id.approvedClaim}/evidence`, 'agent02')).status).toBe(404);
    expect((await get(`/api/cpd/ledger/rows/offline:${id.refresher}/evidence`, 'agent02')).status).toBe(404);
    expect((await get('/api/cpd/ledger/rows/course:99999999/evidence', 'agent01')).status).toBe(404);
  });

  it('evidence of someone else’s row is refused (403) to a learner, shown to the upline and the auditor (recorded)', async () => {
    const before = await reads();
    expect((await get(`/api/cpd/ledger/rows/course:${id.aml}/evidence?user=${id.agent01}`, 'agent02')).status).toBe(403);
    expect(await reads()).toEqual(before);
    for (const who of ['manager01', 'auditor01'] as const) {
      const res = await get(`/api/cpd/ledger/rows/course:${id.aml}/evidence?user=${id.agent01}`, who);
      expect(res.status, who).toBe(200);
      expect((await reads()).at(-1)).toMatchObject({ readerId: uid(who), subjectId: id.agent01, what: 'evidence' });
    }
  });

  it('takes the row id as a browser sends it (the colon percent-encoded)', async () => {
    const res = await get(`/api/cpd/ledger/rows/course%3A${id.aml}/evidence`, 'agent01');
    expect(res.status).toBe(200);
    expect(cpdEvidenceSchema.parse(await res.json()).row.id).toBe(`course:${id.aml}`);
  });

  it.each(['course:abc', 'foo:1', 'course:0', 'course:1:2', 'course%3A'])('refuses the row id %s with a 400', async (rowId) => {
    const res = await get(`/api/cpd/ledger/rows/${rowId}/evidence`, 'agent01');
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('The ledger row is not valid.');
  });
});
