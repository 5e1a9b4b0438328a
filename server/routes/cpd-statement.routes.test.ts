import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CPD_ERROR_CODE } from '../../src/api/schemas/cpd-ledger.schema';
import { cpdVerificationSchema, VERIFICATION_CODE_HEADER } from '../../src/api/schemas/cpd-statement.schema';
import { HEADER } from '../../src/config/constants';
import { CPD_VERIFICATION_CODE, formatVerificationCode } from '../../src/config/cpd-verification-code';
import { courses, cpdClaims, cpdLedgerReads, cpdVerifications, users } from '../db/schema';
import { createTestContext, type TestContext } from '../test-support';
import { pdfText } from '../testing/pdf-text';

// Issue 45 (ADR 085): the statement (PDF, CSV), the certificate and the public check of their
// codes. As an attacker: another learner's papers, an upline outside their team, guessed codes,
// malformed codes, many lookups from one address; the PDF's text is read back, the CSV parsed back.

let ctx: TestContext;
const token = {} as Record<'agent01' | 'agent02' | 'manager01' | 'auditor01', string>;
const id = {} as Record<string, number>;
const get = (path: string, who?: keyof typeof token, headers: Record<string, string> = {}) => ctx.request(path, { token: who ? token[who] : undefined, headers });
const codeOf = (res: Response) => res.headers.get(VERIFICATION_CODE_HEADER) ?? '';
const textOf = async (res: Response) => (await pdfText(new Uint8Array(await res.arrayBuffer()))).replace(/\s+/g, ' ');

/** RFC 4180 back to rows (quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted && ch === '"' && text[i + 1] === '"') {
      field += '"';
      i += 1;
    } else if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === ',') {
      row.push(field);
      field = '';
    } else if (!quoted && ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += ch;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  for (const u of await db.select({ id: users.id, code: users.externalId }).from(users)) id[u.code] = u.id;
  [{ id: id.aml }] = await db.select({ id: courses.id }).from(courses).where(sql`${courses.title} ->> 'en' = 'Anti-Money Laundering Essentials'`);
  [{ id: id.approvedClaim }] = await db.select({ id: cpdClaims.id }).from(cpdClaims).where(and(eq(cpdClaims.userId, id.agent01), eq(cpdClaims.status, 'approved')));
  for (const who of ['agent01', 'agent02'] as const) token[who] = await ctx.login(who, 'Learner2026');
  token.manager01 = await ctx.login('manager01', 'Manager2026');
  token.auditor01 = await ctx.login('auditor01', 'Auditor2026');
}, 120_000);
afterAll(() => ctx?.close());

describe('GET /api/cpd/statement.pdf', () => {
  it('prints the name, agent code, period, every row in hours with E/R, the totals against the target and the code', async () => {
    const res = await get('/api/cpd/statement.pdf', 'agent01');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="cpd-statement-agent01-\d{4}\.pdf"$/);
    const code = codeOf(res);
    expect(code).toMatch(CPD_VERIFICATION_CODE);
    const text = await textOf(res);
    expect(text).toContain('Chan Tai Man (agent code agent01)');
    expect(text).toMatch(/Assessment period: 1 August \d{4} – 31 July \d{4}/);
    expect(text).toContain('Anti-Money Laundering Essentials');
    expect(text).toContain('Compliance Refresher 2026');
    expect(text).toContain('E/R');
    // agent01: 660 of 900 minutes, 300 of them E/R (server/db/fixtures/demo-cpd.ts).
    expect(text).toMatch(/CPD hours: 11 of 15 required/);
    expect(text).toMatch(/Of which Ethics or Regulations: 5 of \d+(\.\d+)? required/);
    expect(text).toMatch(/Hours still needed: 4, of them on Ethics or Regulations: \d/);
    expect(text).toContain(`Verification code: ${formatVerificationCode(code)}`);
    expect(text).toContain(`/verify/${code}`);
  });

  it('is written in the caller’s language, Chinese glyphs included', async () => {
    const zh = await textOf(await get('/api/cpd/statement.pdf', 'agent01', { [HEADER.language]: 'zh-HK' }));
    expect(zh).toContain('持續專業發展（CPD）記錄表');
    expect(zh).toMatch(/評核期：\d{4}年8月1日 至 \d{4}年7月31日/);
    const cn = await textOf(await get('/api/cpd/statement.pdf', 'agent01', { [HEADER.language]: 'zh-CN' }));
    expect(cn).toContain('持续专业发展（CPD）记录表');
  });

  it('reuses the code on every download of the same figures, two at once included; the CSV carries the same code', async () => {
    const [a, b] = await Promise.all([get('/api/cpd/statement.pdf', 'agent01'), get('/api/cpd/statement.pdf', 'agent01')]);
    const csv = await get('/api/cpd/statement.csv', 'agent01');
    expect(codeOf(a)).toBe(codeOf(b));
    expect(codeOf(csv)).toBe(codeOf(a));
    const issued = await ctx.database.db.select().from(cpdVerifications).where(and(eq(cpdVerifications.userId, id.agent01), eq(cpdVerifications.kind, 'statement')));
    expect(issued).toHaveLength(1);
  });

  it('refuses another learner’s statement, an upline outside their team; answers the upline’s downline and the auditor, recorded', async () => {
    expect((await get(`/api/cpd/statement.pdf?user=${id.agent02}`, 'agent01')).status).toBe(403);
    expect((await get(`/api/cpd/statement.csv?user=${id.agent02}`, 'agent01')).status).toBe(403);
    expect((await get(`/api/cpd/statement.pdf?user=${id.auditor01}`, 'manager01')).status).toBe(403);
    const upline = await get(`/api/cpd/statement.pdf?user=${id.agent01}`, 'manager01');
    expect(upline.status).toBe(200);
    expect(await textOf(upline)).toContain('Chan Tai Man');
    expect((await get(`/api/cpd/statement.csv?user=${id.agent02}`, 'auditor01')).status).toBe(200);
    expect((await get('/api/cpd/statement.pdf?user=999999999', 'auditor01')).status).toBe(404);
    const reads = await ctx.database.db.select().from(cpdLedgerReads).where(eq(cpdLedgerReads.what, 'statement'));
    expect(reads.map((r) => [r.readerId, r.subjectId])).toEqual(expect.arrayContaining([[id.manager01, id.agent01], [id.auditor01, id.agent02]]));
    expect(reads.some((r) => r.subjectId === id.agent02 && r.readerId === id.agent01)).toBe(false);
  });

  it.each([
    ['period=abc', 400],
    ['period=2018', 400],
    ['period=2999', 400],
    ['user=abc', 400],
    ['user=%00', 400],
  ])('refuses ?%s with %i', async (query, status) => {
    const res = await get(`/api/cpd/statement.pdf?${query}`, 'agent01');
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ status_code: status });
  });

  it('says why in the caller’s language for a bad period', async () => {
    const res = await get('/api/cpd/statement.csv?period=x', 'agent01');
    expect(await res.json()).toMatchObject({ code: CPD_ERROR_CODE.cpdPeriodInvalid });
    expect((await get('/api/cpd/statement.pdf')).status).toBe(401);
  });
});

describe('GET /api/cpd/statement.csv', () => {
  it('is RFC 4180 UTF-8 with a BOM: one translated header row, a row per activity, then total, target, person, period and code', async () => {
    const res = await get('/api/cpd/statement.csv', 'agent01', { [HEADER.language]: 'zh-HK' });
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1));
    expect(rows[0]).toEqual(['日期', '活動', '認可編號', '時數', '道德或法規時數']);
    expect(rows.every((r) => r.length === 5)).toBe(true);
    const ledger = await (await get('/api/cpd/ledger', 'agent01')).json();
    const activities = rows.slice(1, 1 + ledger.rows.length);
    expect(activities.map((r) => r[0])).toEqual(ledger.rows.map((r: { completed_on: string }) => r.completed_on));
    expect(rows.at(-5)).toEqual(['', '合計', '', '11', '5']);
    expect(rows.at(-4)?.[1]).toBe('要求');
    expect(rows.at(-3)?.[1]).toBe('Chan Tai Man（代理人編號 agent01）');
    expect(rows.at(-1)?.[1]).toBe(`驗證碼：${codeOf(res)}`);
    const hours = activities.reduce((n, r) => n + Number(r[3]), 0);
    expect(hours).toBeCloseTo(11, 2);
  });
});

describe('GET /api/cpd/certificates/:rowId', () => {
  it('prints a completed course: the course, its hours and E/R, when, and a code that verifies', async () => {
    const res = await get(`/api/cpd/certificates/course:${id.aml}`, 'agent01');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    const code = codeOf(res);
    const text = await textOf(res);
    expect(text).toContain('This certifies that Chan Tai Man (agent code agent01) completed');
    expect(text).toContain('Anti-Money Laundering Essentials');
    expect(text).toMatch(/CPD hours: \d+(\.\d+)?/);
    expect(text).toMatch(/Completed: \d{1,2} \w+ \d{4} \d\d:\d\d \(HKT\)/);
    expect(codeOf(await get(`/api/cpd/certificates/course:${id.aml}`, 'agent01'))).toBe(code);
    const verified = cpdVerificationSchema.parse(await (await get(`/api/verify/${code}`)).json());
    expect(verified).toMatchObject({ kind: 'certificate', person: { name: 'Chan Tai Man', agent_code: 'agent01' }, statement: null, certificate: { title: 'Anti-Money Laundering Essentials' } });
  });

  it('has none for a claim, a row not in the ledger, another learner’s row; a malformed row is a 400', async () => {
    expect((await get(`/api/cpd/certificates/claim:${id.approvedClaim}`, 'agent01')).status).toBe(404);
    expect((await get('/api/cpd/certificates/course:999999999', 'agent01')).status).toBe(404);
    expect((await get(`/api/cpd/certificates/course:${id.aml}?user=${id.agent01}`, 'agent02')).status).toBe(403);
    expect((await get('/api/cpd/certificates/abc', 'agent01')).status).toBe(400);
    expect((await get('/api/cpd/certificates/course:1?user=x', 'agent01')).status).toBe(400);
    expect((await get(`/api/cpd/certificates/course:${id.aml}?user=${id.agent01}`, 'manager01')).status).toBe(200);
    expect((await get(`/api/cpd/certificates/course:${id.aml}?user=${id.agent01}`, 'auditor01')).status).toBe(200);
  });
});

describe('GET /api/verify/:code (public)', () => {
  it('answers a genuine code signed out: for whom and the period’s totals, nothing else', async () => {
    const code = codeOf(await get('/api/cpd/statement.pdf', 'agent01'));
    const res = await get(`/api/verify/${code}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(['certificate', 'genuine', 'issued_at', 'kind', 'person', 'statement']);
    expect(Object.keys(body.person).sort()).toEqual(['agent_code', 'name']);
    expect(Object.keys(body.statement).sort()).toEqual(['ends_on', 'ethics_minutes', 'minutes', 'start_year', 'starts_on', 'target_ethics_minutes', 'target_minutes']);
    expect(body).toMatchObject({ genuine: true, kind: 'statement', person: { name: 'Chan Tai Man', agent_code: 'agent01' }, statement: { minutes: 660, ethics_minutes: 300, target_minutes: 900 }, certificate: null });
    // As typed by a person: lower case, with dashes or spaces.
    expect((await get(`/api/verify/${formatVerificationCode(code).toLowerCase()}`)).status).toBe(200);
    expect((await get(`/api/verify/${encodeURIComponent(code.replace(/(.{4})/g, '$1 '))}`)).status).toBe(200);
  });

  it.each(['AAAAAAAAAAAA', 'abc', '..%2F..%2Fetc', 'x'.repeat(300), '0123456789AB'])('answers 404 with a clear message for %s, never a 500', async (code) => {
    const res = await get(`/api/verify/${code}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ status_code: 404, code: 'CpdCodeNotGenuine', message: 'No CPD statement or certificate has this code: it is not genuine, or it was mistyped.' });
  });

  it('refuses a NUL like every text of a request (ADR 014): 400, not a lookup', async () => {
    expect(await (await get('/api/verify/%00')).json()).toMatchObject({ status_code: 400 });
  });

  it('keeps what an old paper vouched for when the ledger changes: a new paper gets a new code', async () => {
    const before = codeOf(await get('/api/cpd/statement.pdf', 'agent01'));
    await ctx.database.db.update(cpdClaims).set({ status: 'approved', decidedAt: new Date(ctx.clock.now()) }).where(and(eq(cpdClaims.userId, id.agent01), eq(cpdClaims.status, 'pending')));
    const after = codeOf(await get('/api/cpd/statement.pdf', 'agent01'));
    expect(after).not.toBe(before);
    const old = await (await get(`/api/verify/${before}`)).json();
    const now = await (await get(`/api/verify/${after}`)).json();
    expect(old.statement.minutes).toBe(660);
    expect(now.statement.minutes).toBeGreaterThan(660);
  });
});

describe('GET /api/verify/:code, rate-limited per address', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ config: { rateLimit: { windowSeconds: 900, maxPerAccount: 3, maxPerAddress: 3, maxDelaySeconds: 60 }, trustProxy: true } });
  }, 120_000);
  afterAll(() => limited?.close());
  const from = (address: string) => ({ headers: { 'X-Forwarded-For': address } });

  it('slows down an address guessing codes (429, Retry-After) but not another address', async () => {
    for (let i = 0; i < 3; i += 1) expect((await limited.request('/api/verify/AAAAAAAAAAA' + 'BCDEFG'[i], from('203.0.113.7'))).status).toBe(404);
    const refused = await limited.request('/api/verify/AAAAAAAAAAAZ', from('203.0.113.7'));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await limited.request('/api/verify/AAAAAAAAAAAZ', from('203.0.113.8'))).status).toBe(404);
  });
});
