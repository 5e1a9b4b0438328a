import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evidenceReplaySchema, type EvidenceReplay } from '../../src/api/schemas/evidence-replay.schema';
import { HEADER } from '../../src/config/constants';
import { courses, cpdLedgerReads, users, viewings } from '../db/schema';
import { hkDate } from '../domain/cpd-period';
import { createTestContext, type TestContext } from '../test-support';

// Issue 46 ("Beyond"), ADR 097: the auditor's replay of a learner's evidence, called as an attacker
// would: only an auditor reads it, every read is logged, bad input is a translated 400, and the
// steps are the server's own records of that learner only.

let ctx: TestContext;
const token: Record<string, string> = {};
const id: Record<string, number> = {};
let amlId = 0;
let firstViewingDay = '';

const get = (path: string, who?: string, headers: Record<string, string> = {}) => ctx.request(path, { token: who ? token[who] : undefined, headers });
const replay = async (query: string, who = 'auditor01', user = 'agent01'): Promise<EvidenceReplay> => {
  const res = await get(`/api/cpd/evidence-replay/${id[user]}?${query}`, who);
  expect(res.status).toBe(200);
  return evidenceReplaySchema.parse(await res.json());
};
const kinds = (r: EvidenceReplay) => r.steps.map((s) => s.detail.kind);

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  for (const u of await db.select({ id: users.id, code: users.externalId }).from(users)) id[u.code] = u.id;
  [{ id: amlId }] = await db.select({ id: courses.id }).from(courses).where(sql`${courses.title} ->> 'en' = 'Anti-Money Laundering Essentials'`);
  const [first] = await db
    .select({ at: viewings.startedAt })
    .from(viewings)
    .where(and(eq(viewings.userId, id.agent01), eq(viewings.courseId, amlId)))
    .orderBy(asc(viewings.startedAt))
    .limit(1);
  firstViewingDay = hkDate(first.at);
  token.agent01 = await ctx.login('agent01', 'Learner2026');
  token.manager01 = await ctx.login('manager01', 'Manager2026');
  token.auditor01 = await ctx.login('auditor01', 'Auditor2026');
}, 120_000);
afterAll(() => ctx?.close());

describe('GET /api/cpd/evidence-replay/:userId — who may read', () => {
  it('refuses the learner (even their own), their upline and a signed-out caller', async () => {
    expect((await get(`/api/cpd/evidence-replay/${id.agent01}?day=${firstViewingDay}`, 'agent01')).status).toBe(403);
    const upline = await get(`/api/cpd/evidence-replay/${id.agent01}?day=${firstViewingDay}`, 'manager01', { [HEADER.language]: 'zh-HK' });
    expect(upline.status).toBe(403);
    expect((await upline.json()).message).toBe('只有合規主任（審計員）可以重播學員的學習證據。');
    expect((await get(`/api/cpd/evidence-replay/${id.agent01}?day=${firstViewingDay}`)).status).toBe(401);
  });

  it('answers an unknown learner 404 to the auditor (a refused caller is told 403 first, learning nothing)', async () => {
    expect((await get('/api/cpd/evidence-replay/99999999?day=2026-01-01', 'auditor01')).status).toBe(404);
    expect((await get('/api/cpd/evidence-replay/99999999?day=2026-01-01', 'agent01')).status).toBe(403);
  });

  it('logs every read as a read of another person’s ledger (what = replay)', async () => {
    const before = await ctx.database.db.$count(cpdLedgerReads, and(eq(cpdLedgerReads.readerId, id.auditor01), eq(cpdLedgerReads.what, 'replay')));
    await replay(`day=${firstViewingDay}`);
    await replay(`course_id=${amlId}`);
    const rows = await ctx.database.db.select().from(cpdLedgerReads).where(and(eq(cpdLedgerReads.readerId, id.auditor01), eq(cpdLedgerReads.what, 'replay')));
    expect(rows.length).toBe(before + 2);
    expect(rows.every((r) => r.subjectId === id.agent01)).toBe(true);
  });
});

describe('GET /api/cpd/evidence-replay/:userId — bad input is a clear, translated 400', () => {
  const cases: [string, string][] = [
    ['day=2026-02-30', 'Give the day as YYYY-MM-DD (a real calendar day).'],
    ['day=yesterday', 'Give the day as YYYY-MM-DD (a real calendar day).'],
    ['', 'Choose one: a day, a course or a classroom course.'],
    [`day=2026-01-01&course_id=1`, 'Choose one: a day, a course or a classroom course.'],
    ['course_id=abc', 'The id is not valid.'],
    ['course_id=99999999', 'There is no such course.'],
    ['offline_course_id=99999999', 'There is no such course.'],
  ];
  it.each(cases)('?%s', async (query, message) => {
    const res = await get(`/api/cpd/evidence-replay/${id.agent01}?${query}`, 'auditor01');
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(message);
  });

  it('says it in the caller’s language', async () => {
    const res = await get(`/api/cpd/evidence-replay/${id.agent01}?day=2026-13-01`, 'auditor01', { [HEADER.language]: 'zh-CN' });
    expect((await res.json()).message).toBe('请以 YYYY-MM-DD 格式输入日期（须为真实日期）。');
  });
});

describe('GET /api/cpd/evidence-replay/:userId — the steps are the server’s records', () => {
  it('replays the day of agent01’s first AML viewing: viewing opened, identity check passed, time credited, in server time order', async () => {
    const r = await replay(`day=${firstViewingDay}`);
    expect(r.scope).toMatchObject({ day: firstViewingDay, course_id: null });
    expect(r.user.agent_code).toBe('agent01');
    expect(kinds(r)).toEqual(expect.arrayContaining(['viewing_opened', 'identity_passed', 'time_credited']));
    const ats = r.steps.map((s) => s.at);
    expect(ats).toEqual([...ats].sort());
    // Every step lies in that Hong Kong day.
    expect(r.steps.every((s) => hkDate(new Date(s.at)) === firstViewingDay)).toBe(true);
    const check = r.steps.find((s) => s.detail.kind === 'identity_passed')!;
    expect(check).toMatchObject({ machine: 'continual-auth', from_state: 'prompting.checking', event: 'done: checkIdentity', to_state: 'prompting.done', detail: { figures: { check_type: 'password' } } });
    const viewing = r.steps.find((s) => s.detail.kind === 'viewing_opened')!;
    expect(viewing).toMatchObject({ machine: 'lesson', to_state: 'item.viewing.open' });
    expect(viewing.detail.subject).toBeTruthy();
    const credit = r.steps.find((s) => s.detail.kind === 'time_credited')!;
    expect(credit.detail.figures.credited_seconds).toBe(credit.detail.figures.claimed_seconds);
  });

  it('replays the course: its viewings, credits, the check taken on its page, and the quiz attempt with its result', async () => {
    const r = await replay(`course_id=${amlId}`);
    expect(r.scope.title).toBeTruthy();
    const k = kinds(r);
    expect(k.filter((x) => x === 'viewing_opened').length).toBeGreaterThan(1);
    expect(k).toContain('identity_passed');
    expect(k).toContain('quiz_started');
    expect(k.some((x) => x === 'quiz_passed' || x === 'quiz_failed')).toBe(true);
    expect(k.indexOf('quiz_started')).toBeLessThan(k.findIndex((x) => x === 'quiz_passed' || x === 'quiz_failed'));
  });

  it('shows only the learner asked for: another learner’s replay of the same course has none of agent01’s check', async () => {
    const mine = await replay(`course_id=${amlId}`);
    const theirs = await replay(`course_id=${amlId}`, 'auditor01', 'agent02');
    expect(theirs.user.agent_code).toBe('agent02');
    expect(kinds(theirs)).not.toContain('identity_passed');
    const mineAts = new Set(mine.steps.map((s) => `${s.detail.kind}@${s.at}`));
    expect(theirs.steps.some((s) => mineAts.has(`${s.detail.kind}@${s.at}`) && s.detail.kind === 'identity_passed')).toBe(false);
  });

  it('a day with nothing recorded is an empty replay, not an error', async () => {
    expect((await replay('day=2020-01-01')).steps).toEqual([]);
  });
});
