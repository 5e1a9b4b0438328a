import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mockAttemptSchema,
  mockExamStatsSchema,
  mockPaperListSchema,
  mockProgressSchema,
  mockRecordListSchema,
  savedMockAnswerSchema,
} from '../../src/api/schemas/mock-exams.schema';
import { quizResultSchema } from '../../src/api/schemas/quizzes.schema';
import { DEMO_MOCK_BANK } from '../db/fixtures/demo-mock-exams';
import { mockAttempts, users } from '../db/schema';
import { finishOverdueMockAttempts } from '../domain/mock-exams';
import { GRACE_SECONDS } from '../domain/quizzes-deadline';
import { createTestContext, type TestContext } from '../test-support';
import { signIn, type Learner } from '../testing/content-factory';

// Issue 13 "Mock exams", ADR 028: the demo bank and agent01's records, practice reveals only what
// was answered, exam mode keeps every answer secret until finished, the deadline with its grace,
// bad input of each kind, another learner's attempt, the feature flag, and stats from the records.

let ctx: TestContext;
let agent01: Learner;
let agent02: Learner;
let signedInAt = 0;
const MINUTE = 60_000;

const json = async <T>(res: Response, status = 200): Promise<T> => {
  const body = await res.text();
  expect(res.status, body).toBe(status);
  return JSON.parse(body) as T;
};
async function signInBoth(): Promise<void> {
  agent01 = await signIn(ctx, 'agent01');
  agent02 = await signIn(ctx, 'agent02');
  signedInAt = ctx.clock.now();
}
async function advance(ms: number): Promise<void> {
  ctx.clock.advance(ms);
  if (ctx.clock.now() - signedInAt > 4 * MINUTE) await signInBoth();
}
const start = (who: Learner, paperId: string, body: unknown) => who.request(`/api/mock_papers/${paperId}/attempts`, { method: 'POST', json: body });
const save = (who: Learner, attemptId: string, questionId: string, body: unknown) => who.request(`/api/mock_attempts/${attemptId}/answers/${questionId}`, { method: 'PUT', json: body });
const stats = async (who: Learner) => mockExamStatsSchema.parse(await json(await who.request('/api/mock_exams/stats')));
const paperId = async (who: Learner) => mockPaperListSchema.parse(await json(await who.request('/api/mock_papers')))[0].id;

/** The demo bank's correct answer and explanation of a question, by its text (the ids are the database's). */
const bankOf = (text: string) => DEMO_MOCK_BANK.find((q) => q.text.en === text)!;

beforeAll(async () => {
  ctx = await createTestContext();
  await signInBoth();
});
afterAll(() => ctx?.close());

describe('mock exams: the demo', () => {
  it('has one IIQE-style paper of 40 questions over five topics, in three languages', async () => {
    const [paper] = mockPaperListSchema.parse(await json(await agent01.request('/api/mock_papers')));
    expect(paper).toMatchObject({ question_count: 40, time_limit_minutes: 60, pass_percent: 70, open_exam_attempt_id: null, open_practice_attempt_id: null });
    expect(paper.topics).toEqual(['risk', 'legal', 'principles', 'regulation', 'ethics']);
    const zh = mockPaperListSchema.parse(await json(await agent01.request('/api/mock_papers', { headers: { 'X-App-Language': 'zh-HK' } })));
    expect(zh[0].title).toContain('保險中介人資格考試');
    for (const q of DEMO_MOCK_BANK) for (const lang of ['en', 'zh', 'cn'] as const) expect(q.text[lang] && q.explanation[lang], q.text.en).toBeTruthy();
  });

  it("computes agent01's stats from the records (60 % failed, 80 % passed) and nobody else's", async () => {
    expect(await stats(agent01)).toEqual({ average_score: 70, passed_attempts: 1, total_attempts: 2 });
    expect(await stats(agent02)).toEqual({ average_score: 0, passed_attempts: 0, total_attempts: 0 });
    const records = mockRecordListSchema.parse(await json(await agent01.request('/api/mock_exams/records')));
    expect(records.map((r) => [r.score, r.full_marks, r.pass])).toEqual([
      [32, 40, true],
      [24, 40, false],
    ]);
    expect(mockRecordListSchema.parse(await json(await agent02.request('/api/mock_exams/records')))).toEqual([]);
  });

  it('gives progress per topic from the answers given', async () => {
    const progress = mockProgressSchema.parse(await json(await agent01.request('/api/mock_exams/progress')));
    expect(progress.map((p) => p.topic)).toEqual(['risk', 'legal', 'principles', 'regulation', 'ethics']);
    expect(progress.every((p) => p.question_count === 8 && p.answered === 8)).toBe(true);
    // The latest attempt (three days ago) got 32 right.
    expect(progress.reduce((sum, p) => sum + p.correct, 0)).toBe(32);
    const fresh = mockProgressSchema.parse(await json(await agent02.request('/api/mock_exams/progress')));
    expect(fresh.every((p) => p.answered === 0 && p.correct === 0)).toBe(true);
  });
});

describe('mock exams: practice mode', () => {
  it('reveals a question’s answer and explanation only once its answer is saved', async () => {
    const id = await paperId(agent02);
    const attempt = mockAttemptSchema.parse(await json(await start(agent02, id, { mode: 'practice' })));
    expect(attempt).toMatchObject({ mode: 'practice', status: 'open', deadline_at: null, reveals: [], review: [] });
    const [first, second] = attempt.questions;
    const raw = await (await agent02.request(`/api/mock_attempts/${attempt.id}`)).text();
    for (const q of DEMO_MOCK_BANK) expect(raw).not.toContain(q.explanation.en);

    const bank = bankOf(first.text);
    const wrong = first.options.find((o) => !bank.correct.includes(o.id))!.id;
    const saved = savedMockAnswerSchema.parse(await json(await save(agent02, attempt.id, first.id, { value: [wrong], seq: 1 })));
    expect(saved.reveal).toEqual({ question_id: first.id, correct: false, correct_answer: bank.correct, explanation: bank.explanation.en });

    // An empty answer reveals nothing (seq 1 of the second question), and a given answer stands once revealed.
    expect(savedMockAnswerSchema.parse(await json(await save(agent02, attempt.id, second.id, { value: [], seq: 1 }))).reveal).toBeNull();
    const changed = savedMockAnswerSchema.parse(await json(await save(agent02, attempt.id, first.id, { value: bank.correct, seq: 2 })));
    expect(changed.answer).toMatchObject({ value: [wrong], seq: 1 });
    expect(changed.reveal?.correct).toBe(false);

    const again = mockAttemptSchema.parse(await json(await agent02.request(`/api/mock_attempts/${attempt.id}`)));
    expect(again.reveals.map((r) => r.question_id)).toEqual([first.id]);
    expect(JSON.stringify(again)).not.toContain(bankOf(second.text).explanation.en);
    // A double start returns the same open practice attempt.
    expect(mockAttemptSchema.parse(await json(await start(agent02, id, { mode: 'practice' }))).id).toBe(attempt.id);
    // Practice is no record and does not count in the stats.
    quizResultSchema.parse(await json(await agent02.request(`/api/mock_attempts/${attempt.id}/submit`, { method: 'POST' })));
    expect(await stats(agent02)).toEqual({ average_score: 0, passed_attempts: 0, total_attempts: 0 });
  });
});

describe('mock exams: exam mode', () => {
  it('fixes the deadline, keeps answers secret until finished, scores on the server and updates the stats', async () => {
    const id = await paperId(agent01);
    const attempt = mockAttemptSchema.parse(await json(await start(agent01, id, { mode: 'exam' })));
    expect(attempt.mode).toBe('exam');
    expect(Date.parse(attempt.deadline_at!)).toBe(ctx.clock.now() + 60 * MINUTE);
    expect(attempt.grace_seconds).toBe(GRACE_SECONDS);
    expect(mockAttemptSchema.parse(await json(await start(agent01, id, { mode: 'exam' }))).id).toBe(attempt.id);

    // Every question right but the last one left unanswered: 39 / 40.
    for (const q of attempt.questions.slice(0, -1)) {
      const saved = savedMockAnswerSchema.parse(await json(await save(agent01, attempt.id, q.id, { value: bankOf(q.text).correct, seq: 1 })));
      expect(saved.reveal).toBeNull();
    }
    const open = await (await agent01.request(`/api/mock_attempts/${attempt.id}`)).text();
    for (const q of DEMO_MOCK_BANK) expect(open).not.toContain(q.explanation.en);
    expect(mockAttemptSchema.parse(JSON.parse(open))).toMatchObject({ reveals: [], review: [], result: null });

    // Another learner never reads it nor writes to it.
    expect((await agent02.request(`/api/mock_attempts/${attempt.id}`)).status).toBe(404);
    expect((await save(agent02, attempt.id, attempt.questions[0].id, { value: ['a'], seq: 9 })).status).toBe(404);
    expect((await agent02.request(`/api/mock_attempts/${attempt.id}/submit`, { method: 'POST' })).status).toBe(404);

    // A stale seq changes nothing and answers what is stored.
    const first = attempt.questions[0];
    const stale = savedMockAnswerSchema.parse(await json(await save(agent01, attempt.id, first.id, { value: [], seq: 1 })));
    expect(stale.answer.value).toEqual(bankOf(first.text).correct);

    const result = quizResultSchema.parse(await json(await agent01.request(`/api/mock_attempts/${attempt.id}/submit`, { method: 'POST' })));
    expect(result).toMatchObject({ score: 39, full_marks: 40, pass: true, finished_by: 'learner' });
    expect(quizResultSchema.parse(await json(await agent01.request(`/api/mock_attempts/${attempt.id}/submit`, { method: 'POST' })))).toEqual(result);
    const finished = mockAttemptSchema.parse(await json(await agent01.request(`/api/mock_attempts/${attempt.id}`)));
    expect(finished.review).toHaveLength(40);
    expect(finished.review[0].explanation).toBe(bankOf(first.text).explanation.en);
    expect((await save(agent01, attempt.id, first.id, { value: [], seq: 5 })).status).toBe(403);

    // (60 + 80 + 97.5) / 3 = 79.2
    expect(await stats(agent01)).toEqual({ average_score: 79.2, passed_attempts: 2, total_attempts: 3 });
  });

  it('refuses answers past the deadline plus grace and finishes an attempt left open at its deadline', async () => {
    const id = await paperId(agent02);
    const attempt = mockAttemptSchema.parse(await json(await start(agent02, id, { mode: 'exam' })));
    const [q1, q2] = attempt.questions;
    await json(await save(agent02, attempt.id, q1.id, { value: bankOf(q1.text).correct, seq: 1 }));
    await advance(60 * MINUTE + (GRACE_SECONDS - 5) * 1000);
    // Within the grace: still taken.
    await json(await save(agent02, attempt.id, q2.id, { value: bankOf(q2.text).correct, seq: 1 }));
    await advance(10_000);
    const late = await save(agent02, attempt.id, q2.id, { value: [], seq: 2 });
    expect(late.status).toBe(403);
    expect(((await late.json()) as { code?: string }).code).toBe('QuizTimeUp');
    const finished = mockAttemptSchema.parse(await json(await agent02.request(`/api/mock_attempts/${attempt.id}`)));
    expect(finished.result).toMatchObject({ score: 2, finished_by: 'deadline', completed_at: attempt.deadline_at });

    // The sweep finishes an attempt whose browser never came back.
    const another = mockAttemptSchema.parse(await json(await start(agent02, id, { mode: 'exam' })));
    ctx.clock.advance(60 * MINUTE + GRACE_SECONDS * 1000 + 1);
    expect(await finishOverdueMockAttempts(ctx.database.db, new Date(ctx.clock.now()))).toBe(1);
    await signInBoth();
    const swept = mockAttemptSchema.parse(await json(await agent02.request(`/api/mock_attempts/${another.id}`)));
    expect(swept.result).toMatchObject({ score: 0, finished_by: 'deadline', completed_at: another.deadline_at });
    expect((await stats(agent02)).total_attempts).toBe(2);
  });

  it('answers bad input of each kind with a clear 4xx', async () => {
    const id = await paperId(agent01);
    const modeProblem = await start(agent01, id, { mode: 'timed' });
    expect(modeProblem.status).toBe(400);
    expect(((await modeProblem.json()) as { message: string }).message).toBe('The mode must be practice or exam.');
    expect((await start(agent01, id, {})).status).toBe(400);
    expect((await start(agent01, 'abc', { mode: 'exam' })).status).toBe(400);
    expect((await start(agent01, '999999', { mode: 'exam' })).status).toBe(404);
    expect((await agent01.request('/api/mock_attempts/999999')).status).toBe(404);

    const attempt = mockAttemptSchema.parse(await json(await start(agent01, id, { mode: 'exam' })));
    const single = attempt.questions.find((q) => q.kind === 'single')!;
    const multiple = attempt.questions.find((q) => q.kind === 'multiple')!;
    expect((await save(agent01, attempt.id, single.id, { value: ['zz'], seq: 1 })).status).toBe(400);
    expect((await save(agent01, attempt.id, single.id, { value: ['a', 'b'], seq: 1 })).status).toBe(400);
    expect((await save(agent01, attempt.id, multiple.id, { value: ['a', 'b', 'c'], seq: 1 })).status).toBe(400);
    expect((await save(agent01, attempt.id, single.id, { value: 'a text', seq: 1 })).status).toBe(400);
    expect((await save(agent01, attempt.id, single.id, { value: ['a'], seq: 0 })).status).toBe(400);
    expect((await save(agent01, attempt.id, single.id, { value: ['a'] })).status).toBe(400);
    expect((await save(agent01, attempt.id, '999999', { value: ['a'], seq: 1 })).status).toBe(404);
  });
});

describe('mock exams: the feature flag', () => {
  it('answers 404 everywhere while mock exams are off (SPEC §9 default)', async () => {
    const off = await createTestContext({ config: { demoMode: false } });
    try {
      const learner = await signIn(off, 'agent01');
      for (const path of ['/api/mock_papers', '/api/mock_exams/stats', '/api/mock_exams/records', '/api/mock_exams/progress']) {
        expect((await learner.request(path)).status, path).toBe(404);
      }
    } finally {
      await off.close();
    }
  });
});

describe('mock exams: practice never runs beside an exam of the same paper (issue 43)', () => {
  it('an exam closes the open practice; practice is refused while the exam is open; a race-opened practice reveals nothing; the exam is not answered from practice', async () => {
    await signInBoth();
    const id = await paperId(agent02);
    const practice = mockAttemptSchema.parse(await json(await start(agent02, id, { mode: 'practice' })));
    const [first, second] = practice.questions;
    expect(savedMockAnswerSchema.parse(await json(await save(agent02, practice.id, first.id, { value: ['a'], seq: 1 }))).reveal).not.toBeNull();

    // The exam opens: the practice beside it is finished, and reveals nothing more.
    const exam = mockAttemptSchema.parse(await json(await start(agent02, id, { mode: 'exam' })));
    const closed = mockAttemptSchema.parse(await json(await agent02.request(`/api/mock_attempts/${practice.id}`)));
    expect(closed.status).toBe('finished');
    expect(await json(await save(agent02, practice.id, second.id, { value: ['a'], seq: 1 }), 403)).toMatchObject({ code: 'QuizSubmitted' });

    // A new practice is refused while the exam runs (translated, with a code).
    expect(await json(await start(agent02, id, { mode: 'practice' }), 409)).toMatchObject({ status_code: 409, code: 'MockExamRunning', message: expect.stringContaining('practise') });
    const zh = await json<{ message: string }>(await agent02.request(`/api/mock_papers/${id}/attempts`, { method: 'POST', json: { mode: 'practice' }, headers: { 'X-App-Language': 'zh-HK' } }), 409);
    expect(zh.message).toContain('模擬考試');

    // A practice attempt that won a race with the exam start (open beside it) reveals nothing.
    const [{ id: uid02 }] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.externalId, 'agent02'));
    const [raced] = await ctx.database.db.insert(mockAttempts).values({ paperId: Number(id), userId: uid02, mode: 'practice', startedAt: new Date(ctx.clock.now()) }).returning();
    expect(await json(await save(agent02, String(raced.id), second.id, { value: ['a'], seq: 1 }), 409)).toMatchObject({ code: 'MockExamRunning' });

    // Once the exam is finished, practice opens again.
    quizResultSchema.parse(await json(await agent02.request(`/api/mock_attempts/${exam.id}/submit`, { method: 'POST' })));
    expect(savedMockAnswerSchema.parse(await json(await save(agent02, String(raced.id), second.id, { value: ['a'], seq: 1 }))).reveal).not.toBeNull();
  });
});
