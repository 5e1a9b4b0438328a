import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CPD_CLAIM_ERROR_CODE, cpdClaimListSchema, cpdClaimSchema, type CpdClaim } from '../../src/api/schemas/cpd-claim.schema';
import { cpdLedgerSchema } from '../../src/api/schemas/cpd-ledger.schema';
import { HEADER } from '../../src/config/constants';
import { cpdClaims, notifications, users } from '../db/schema';
import { hkDate, periodDays, periodOf } from '../domain/cpd-period';
import { createTestContext, type TestContext } from '../test-support';

// Issue 45 "Must show", ADR 086: the claim endpoints as an attacker tries them. Every bad input → a
// clear 4xx; another learner neither reads nor alters a claim; only the claimant's upline decides,
// once, even with two decisions at once; only a rejected claim is sent again; the evidence's type is
// decided by its bytes. On PGlite, and on PostgreSQL in the `postgres` project (TEST_DATABASE_URL).

let ctx: TestContext;
type Who = 'agent01' | 'agent02' | 'manager01' | 'auditor01';
const token = {} as Record<Who, string>;
const id = {} as Record<string, number>;

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const today = () => hkDate(ctx.clock.now());

type Fields = Record<string, string | undefined>;
const goodFields = (): Fields => ({
  kind: 'seminar',
  provider: 'Hong Kong Insurance Forum',
  title: 'Seminar: Claims Handling',
  started_on: today(),
  ended_on: today(),
  minutes: '90',
  ethics_or_regulations: 'true',
  terms_accepted: 'true',
});

function form(fields: Fields, file: { bytes: Uint8Array; type?: string; name?: string } | null = { bytes: PDF }): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) data.append(k, v);
  if (file) data.append('evidence', new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.type ?? 'application/pdf' }), file.name ?? 'certificate.pdf');
  return data;
}
/** The XSRF cookie is bound to a session: a GET as `who` first gives the one of theirs (as a browser has). */
const as = async (who: Who) => void (await ctx.request('/api/app-config', { token: token[who] }));
const send = async (who: Who, body: FormData, { method = 'POST', path = '/api/cpd/claims', lang }: { method?: string; path?: string; lang?: string } = {}) => {
  await as(who);
  return ctx.request(path, { method, token: token[who], body, headers: lang ? { [HEADER.language]: lang } : {} });
};
const claim = async (who: Who = 'agent01', fields: Fields = goodFields()): Promise<CpdClaim> => {
  const res = await send(who, form(fields));
  expect(res.status, await res.clone().text()).toBe(201);
  return cpdClaimSchema.parse(await res.json());
};
const decide = async (who: Who, claimId: string, body: unknown) => {
  await as(who);
  return ctx.request(`/api/cpd/claims/${claimId}/decision`, { method: 'POST', token: token[who], json: body });
};
const get = (who: Who, path: string) => ctx.request(path, { token: token[who] });

beforeAll(async () => {
  ctx = await createTestContext({ privateFiles: true });
  for (const u of await ctx.database.db.select({ id: users.id, code: users.externalId }).from(users)) id[u.code] = u.id;
  token.agent01 = await ctx.login('agent01', 'Learner2026');
  token.agent02 = await ctx.login('agent02', 'Learner2026');
  token.manager01 = await ctx.login('manager01', 'Manager2026');
  token.auditor01 = await ctx.login('auditor01', 'Auditor2026');
}, 120_000);
afterAll(() => ctx?.close());

describe('POST /api/cpd/claims', () => {
  it('stores a pending claim of whole minutes, its evidence encrypted, and serves the file back to its readers', async () => {
    const made = await claim('agent01', { ...goodFields(), minutes: undefined, hours: '1.5' });
    expect(made).toMatchObject({ status: 'pending', revision: 1, minutes: 90, ethics_or_regulations: true, may_resend: false, may_decide: false, evidence: { name: 'certificate.pdf', media_type: 'application/pdf', bytes: PDF.byteLength } });
    const [row] = await ctx.database.db.select().from(cpdClaims).where(eq(cpdClaims.id, Number(made.id)));
    expect(row.evidenceKey).toBeTruthy();
    // At rest the file is not the PDF: IV ‖ ciphertext.
    const stored = await ctx.services.files.read(row.evidenceStorageKey);
    expect(Buffer.from(stored).includes(Buffer.from('%PDF'))).toBe(false);
    for (const who of ['agent01', 'manager01', 'auditor01'] as const) {
      const res = await get(who, `/api/cpd/claims/${made.id}/evidence`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF);
    }
  });

  it('takes a picture as evidence, its type from the bytes', async () => {
    const res = await send('agent01', form(goodFields(), { bytes: PNG, type: 'image/png', name: 'photo.png' }));
    expect(res.status).toBe(201);
    expect((await res.json()).evidence.media_type).toBe('image/png');
  });

  it.each([
    ['a .pdf name with PNG bytes', { bytes: PNG, type: 'application/pdf', name: 'certificate.pdf' }, 201],
    ['a .pdf name with garbage', { bytes: new TextEncoder().encode('<html><script>alert(1)</script>'), type: 'application/pdf', name: 'certificate.pdf' }, 415],
    ['an SVG declared as PNG', { bytes: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), type: 'image/png', name: 'x.png' }, 415],
    ['a declared type outside the list', { bytes: PDF, type: 'text/html', name: 'x.pdf' }, 415],
    ['an empty file', { bytes: new Uint8Array(0), type: 'application/pdf', name: 'x.pdf' }, 400],
  ])('decides the file by its bytes: %s → %i', async (_, file, status) => {
    const res = await send('agent01', form(goodFields(), file));
    expect(res.status).toBe(status);
    if (status === 201) expect((await res.json()).evidence.media_type).toBe('image/png');
    else expect((await res.json()).message).toEqual(expect.any(String));
  });

  it('refuses a picture over the image limit (413), a PDF is allowed more', async () => {
    const big = new Uint8Array(2_097_152 + 1);
    big.set(PNG);
    expect((await send('agent01', form(goodFields(), { bytes: big, type: 'image/png', name: 'big.png' }))).status).toBe(413);
    const bigPdf = new Uint8Array(2_097_152 + 1);
    bigPdf.set(PDF);
    expect((await send('agent01', form(goodFields(), { bytes: bigPdf, name: 'big.pdf' }))).status).toBe(201);
  });

  const yesterdayOf = (day: string) => hkDate(Date.parse(`${day}T12:00:00+08:00`) - 86_400_000);
  const tomorrowOf = (day: string) => hkDate(Date.parse(`${day}T12:00:00+08:00`) + 86_400_000);
  it.each<[string, () => Fields]>([
    ['no kind', () => ({ ...goodFields(), kind: undefined })],
    ['an unknown kind', () => ({ ...goodFields(), kind: 'party' })],
    ['an empty provider', () => ({ ...goodFields(), provider: '   ' })],
    ['a title too long', () => ({ ...goodFields(), title: 'x'.repeat(201) })],
    ['a NUL in the title', () => ({ ...goodFields(), title: 'a\u0000b' })],
    ['a date that is not one', () => ({ ...goodFields(), started_on: '2026-02-30' })],
    ['a date in another form', () => ({ ...goodFields(), ended_on: '02/12/2026' })],
    ['an end before the start', () => ({ ...goodFields(), started_on: today(), ended_on: yesterdayOf(today()) })],
    ['an end after the server’s today', () => ({ ...goodFields(), ended_on: tomorrowOf(today()) })],
    ['an end before the current period', () => ({ ...goodFields(), started_on: '2019-09-01', ended_on: yesterdayOf(periodDays(periodOf(ctx.clock.now())).startsOn) })],
    ['no minutes nor hours', () => ({ ...goodFields(), minutes: undefined })],
    ['both minutes and hours', () => ({ ...goodFields(), hours: '1' })],
    ['zero minutes', () => ({ ...goodFields(), minutes: '0' })],
    ['negative minutes', () => ({ ...goodFields(), minutes: '-5' })],
    ['fractional minutes', () => ({ ...goodFields(), minutes: '1.5' })],
    ['hours that make no whole minute', () => ({ ...goodFields(), minutes: undefined, hours: '1.01' })],
    ['more minutes than one day holds', () => ({ ...goodFields(), minutes: String(24 * 60 + 1) })],
    ['a huge number', () => ({ ...goodFields(), minutes: '99999999999' })],
    ['terms not accepted', () => ({ ...goodFields(), terms_accepted: 'false' })],
    ['terms missing', () => ({ ...goodFields(), terms_accepted: undefined })],
    ['a bad E/R flag', () => ({ ...goodFields(), ethics_or_regulations: 'yes' })],
  ])('refuses %s with a translated 400', async (_, fields) => {
    const res = await send('agent01', form(fields()), { lang: 'zh-HK' });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.status_code).toBe(400);
    expect(body.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('refuses a form without its file (400), JSON or a bare body (415), and no sign-in (401)', async () => {
    expect((await send('agent01', form(goodFields(), null))).status).toBe(400);
    await as('agent01');
    expect((await ctx.request('/api/cpd/claims', { method: 'POST', token: token.agent01, json: goodFields() })).status).toBe(415);
    expect((await ctx.request('/api/cpd/claims', { method: 'POST', token: token.agent01, body: PDF as Uint8Array<ArrayBuffer>, headers: { 'Content-Type': 'application/pdf' } })).status).toBe(415);
    expect((await ctx.request('/api/cpd/claims', { method: 'POST', body: form(goodFields()) })).status).toBe(401);
    const twoFiles = form(goodFields());
    twoFiles.append('evidence', new Blob([PDF as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), 'again.pdf');
    expect((await send('agent01', twoFiles)).status).toBe(400);
    const broken = await ctx.request('/api/cpd/claims', { method: 'POST', token: token.agent01, body: 'garbage', headers: { 'Content-Type': 'multipart/form-data; boundary=zzz' } });
    expect(broken.status).toBe(400);
  });
});

describe('who reads a claim', () => {
  it('the claimant, their upline and an auditor; another learner gets 404, as for an id that does not exist', async () => {
    const made = await claim('agent01');
    for (const who of ['agent01', 'manager01', 'auditor01'] as const) expect((await get(who, `/api/cpd/claims/${made.id}`)).status).toBe(200);
    for (const path of [`/api/cpd/claims/${made.id}`, `/api/cpd/claims/${made.id}/evidence`]) expect((await get('agent02', path)).status).toBe(404);
    expect((await get('agent01', '/api/cpd/claims/999999999')).status).toBe(404);
    expect((await get('agent01', '/api/cpd/claims/abc')).status).toBe(400);
    // Another learner's list never shows it.
    const theirs = cpdClaimListSchema.parse(await (await get('agent02', '/api/cpd/claims')).json());
    expect(theirs.data.map((c) => c.id)).not.toContain(made.id);
    const mine = cpdClaimListSchema.parse(await (await get('agent01', '/api/cpd/claims')).json());
    expect(mine.data.map((c) => c.id)).toContain(made.id);
    expect((await get('agent01', '/api/cpd/claims?period=abc')).status).toBe(400);
  });

  it('the team list holds the downlines’ pending claims only, for their upline', async () => {
    const made = await claim('agent01');
    const team = cpdClaimListSchema.parse(await (await get('manager01', '/api/cpd/team-claims')).json());
    expect(team.data.map((c) => c.id)).toContain(made.id);
    expect(team.data.every((c) => c.status === 'pending' && c.may_decide)).toBe(true);
    const notMine = cpdClaimListSchema.parse(await (await get('agent02', '/api/cpd/team-claims')).json());
    expect(notMine.data).toEqual([]);
  });
});

describe('POST /api/cpd/claims/:id/decision', () => {
  it('only the claimant’s upline decides: the claimant, another learner and an auditor get 404', async () => {
    const made = await claim('agent01');
    for (const who of ['agent01', 'agent02', 'auditor01'] as const) expect((await decide(who, made.id, { decision: 'approve' })).status).toBe(404);
    expect((await decide('manager01', '999999999', { decision: 'approve' })).status).toBe(404);
  });

  it.each([[{}], [{ decision: 'maybe' }], [{ decision: 'reject' }], [{ decision: 'reject', reason: '   ' }], [{ decision: 'reject', reason: 'x'.repeat(1001) }]])('refuses %j with 400', async (body) => {
    const made = await claim('agent01');
    const res = await decide('manager01', made.id, body);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toEqual(expect.any(String));
  });

  it('two decisions at once: exactly one wins, the other answers 409; a decided claim cannot be changed', async () => {
    const made = await claim('agent01');
    await as('manager01');
    const once = (body: unknown) => ctx.request(`/api/cpd/claims/${made.id}/decision`, { method: 'POST', token: token.manager01, json: body });
    const answers = await Promise.all([once({ decision: 'approve' }), once({ decision: 'reject', reason: 'No certificate.' })]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = answers.find((r) => r.status === 409)!;
    expect((await loser.json()).code).toBe(CPD_CLAIM_ERROR_CODE.cpdClaimDecided);
    const [row] = await ctx.database.db.select().from(cpdClaims).where(eq(cpdClaims.id, Number(made.id)));
    expect(row.decidedBy).toBe(id.manager01);
    expect((await decide('manager01', made.id, { decision: 'reject', reason: 'Changed my mind.' })).status).toBe(409);
    // Exactly one notification for the claimant about it.
    const notes = await ctx.database.db.select().from(notifications).where(and(eq(notifications.userId, id.agent01), eq(notifications.kind, 'cpd_claim_decision')));
    expect(notes.filter((n) => n.body.includes(made.title) && n.createdAt.getTime() === row.decidedAt!.getTime())).toHaveLength(1);
  });

  it('an approved claim counts in the claimant’s ledger by its minutes', async () => {
    const ledgerTotal = async () => cpdLedgerSchema.parse(await (await get('agent01', '/api/cpd/ledger')).json()).totals.minutes;
    const before = await ledgerTotal();
    const made = await claim('agent01', { ...goodFields(), minutes: '45' });
    expect(await ledgerTotal()).toBe(before);
    expect((await decide('manager01', made.id, { decision: 'approve' })).status).toBe(200);
    expect(await ledgerTotal()).toBe(before + 45);
  });
});

describe('PUT /api/cpd/claims/:id (correct and send again)', () => {
  it('only while rejected: a pending or approved claim answers 409; the rejected one goes back to pending as the next revision', async () => {
    const made = await claim('agent01');
    const resend = (who: Who, fields: Fields = goodFields(), file: Parameters<typeof form>[1] = null) => send(who, form(fields, file), { method: 'PUT', path: `/api/cpd/claims/${made.id}` });
    const pending = await resend('agent01');
    expect(pending.status).toBe(409);
    expect((await pending.json()).code).toBe(CPD_CLAIM_ERROR_CODE.cpdClaimNotRejected);
    expect((await decide('manager01', made.id, { decision: 'reject', reason: 'The certificate is unreadable.' })).status).toBe(200);
    const seen = cpdClaimSchema.parse(await (await get('agent01', `/api/cpd/claims/${made.id}`)).json());
    expect(seen).toMatchObject({ status: 'rejected', reason: 'The certificate is unreadable.', may_resend: true, decided_by: expect.any(String) });
    // Another learner cannot alter it; bad input is still refused.
    expect((await resend('agent02')).status).toBe(404);
    expect((await resend('agent01', { ...goodFields(), minutes: '0' })).status).toBe(400);
    expect((await resend('agent01', goodFields(), { bytes: new TextEncoder().encode('nope'), name: 'x.pdf' })).status).toBe(415);
    const again = await resend('agent01', { ...goodFields(), title: 'Seminar: Claims Handling (certificate attached)' }, { bytes: PNG, type: 'image/png', name: 'scan.png' });
    expect(again.status).toBe(200);
    expect(cpdClaimSchema.parse(await again.json())).toMatchObject({ status: 'pending', revision: 2, reason: null, decided_at: null, evidence: { media_type: 'image/png' } });
    expect((await resend('agent01')).status).toBe(409);
    expect((await decide('manager01', made.id, { decision: 'approve' })).status).toBe(200);
    expect((await resend('agent01')).status).toBe(409);
  });

  it('keeps the evidence sent when no file comes again', async () => {
    const made = await claim('agent01');
    await decide('manager01', made.id, { decision: 'reject', reason: 'Wrong dates.' });
    const res = await send('agent01', form(goodFields(), null), { method: 'PUT', path: `/api/cpd/claims/${made.id}` });
    expect(res.status).toBe(200);
    const evidence = await get('agent01', `/api/cpd/claims/${made.id}/evidence`);
    expect(new Uint8Array(await evidence.arrayBuffer())).toEqual(PDF);
  });
});

describe('the demo', () => {
  it('has a pending claim for manager01 whose evidence the server serves', async () => {
    const team = cpdClaimListSchema.parse(await (await get('manager01', '/api/cpd/team-claims')).json());
    const seeded = team.data.find((c) => c.title === 'Seminar: Retirement Income Products')!;
    expect(seeded).toMatchObject({ status: 'pending', claimant: { external_id: 'agent01' } });
    const res = await get('manager01', `/api/cpd/claims/${seeded.id}/evidence`);
    expect(res.status).toBe(200);
    expect(new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
  });
});
