import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptSchema, type Attempt } from '../../src/api/schemas/quizzes.schema';
import { quizAttemptQuestions, quizAttempts, quizQuestions } from '../db/schema';
import { recordIdentityCheck } from '../domain/identity-checks';
import { labelsOf } from '../domain/quizzes-paper';
import { createContentTestContext, createCourse, createDepartment, createLesson, createReadingItem, signIn, tri, type ContentTestContext, type Learner } from '../testing/content-factory';
import { completeReadings, createQuiz, userIdOf, type QuestionInput } from '../testing/quiz-factory';

// Issue 43, as an attacker would: (3) a failed attempt's review must not carry the answer key while
// another attempt is left, and a retake is a fresh paper (other variants, options in a fresh order
// under fresh labels), so copying what an earlier attempt showed cannot pass; (4) an identity
// prompt's pause serves no questions and gives back only the time the server itself measured.

let ctx: ContentTestContext;
let agent01: Learner;
let uid01: number;
let department: number;
const MINUTE = 60_000;

const json = async <T>(res: Response, status = 200): Promise<T> => {
  const body = await res.text();
  expect(res.status, body).toBe(status);
  return JSON.parse(body) as T;
};
const start = async (quizId: number) => attemptSchema.parse(await json(await agent01.request(`/api/quizzes/${quizId}/attempts`, { method: 'POST' })));
const read = async (attemptId: string) => attemptSchema.parse(await json(await agent01.request(`/api/quiz_attempts/${attemptId}`)));
const save = (attemptId: string, questionId: string | number, value: string[] | string, seq = 1) =>
  agent01.request(`/api/quiz_attempts/${attemptId}/answers/${questionId}`, { method: 'PUT', json: { value, seq } });
const submit = async (attemptId: string) => json<{ pass: boolean; score: number }>(await agent01.request(`/api/quiz_attempts/${attemptId}/submit`, { method: 'POST' }));
const pause = (attemptId: string) => agent01.request(`/api/quiz_attempts/${attemptId}/pause`, { method: 'POST' });
const resume = (attemptId: string) => agent01.request(`/api/quiz_attempts/${attemptId}/resume`, { method: 'POST' });

async function course(title: string): Promise<number> {
  const id = await createCourse(ctx.database.db, { departmentId: department, title: tri(title), publishedAt: new Date('2025-01-01T00:00:00Z') });
  const lesson = await createLesson(ctx.database.db, id, tri('Lesson'));
  await createReadingItem(ctx.database.db, { courseId: id, lessonId: lesson, title: tri(`${title} reading`), requiredSeconds: 5 });
  await completeReadings(ctx.database.db, uid01, id, new Date(ctx.clock.now() - 3_600_000));
  return id;
}

/** The right answer of each question of the attempt's own paper, in its labels (what the server knows). */
async function keyOf(attemptId: string): Promise<Map<string, string[]>> {
  const rows = await ctx.database.db
    .select({ id: quizQuestions.id, kind: quizQuestions.kind, options: quizQuestions.options, correct: quizQuestions.correctAnswer, order: quizAttemptQuestions.optionOrder })
    .from(quizAttemptQuestions)
    .innerJoin(quizQuestions, eq(quizQuestions.id, quizAttemptQuestions.questionId))
    .where(eq(quizAttemptQuestions.attemptId, Number(attemptId)))
    .orderBy(asc(quizAttemptQuestions.position));
  return new Map(
    rows.map((r) => [
      String(r.id),
      r.kind === 'true_false'
        ? r.correct
        : labelsOf(
            r.options.map((o) => o.id),
            r.order,
          )
            .filter((l) => r.correct.includes(l.id))
            .map((l) => l.label),
    ]),
  );
}

const questionIds = (a: Attempt) => a.questions.map((q) => q.id);

beforeAll(async () => {
  ctx = await createContentTestContext();
  department = await createDepartment(ctx.database.db, tri('Compliance'));
  agent01 = await signIn(ctx, 'agent01');
  uid01 = await userIdOf(ctx.database.db, 'agent01');
});
afterAll(() => ctx?.close());

/** Three places with two variants each (a pool of six), two choice questions and a true/false. */
const POOL: QuestionInput[] = [
  { kind: 'single', options: ['a', 'b', 'c', 'd'], correct: ['b'], place: 1, explanation: 'KEY-1A' },
  { kind: 'single', options: ['a', 'b', 'c', 'd'], correct: ['c'], place: 1, explanation: 'KEY-1B' },
  { kind: 'multiple', options: ['a', 'b', 'c', 'd'], correct: ['a', 'd'], maxChoices: 2, place: 2, explanation: 'KEY-2A' },
  { kind: 'multiple', options: ['a', 'b', 'c', 'd'], correct: ['b', 'c'], maxChoices: 2, place: 2, explanation: 'KEY-2B' },
  { kind: 'true_false', correct: ['true'], place: 3, explanation: 'KEY-3A' },
  { kind: 'true_false', correct: ['false'], place: 3, explanation: 'KEY-3B' },
];

describe('issue 43 (3): a failed attempt does not give away the key, and a retake is a fresh paper', () => {
  it('an examination with two attempts: no key between them, the retake draws the other variants, copying the first attempt cannot pass; the key shows once no attempt is left', async () => {
    const courseId = await course('Retake exam');
    const quiz = await createQuiz(ctx.database.db, { courseId, kind: 'exam', passMark: 3, attemptsAllowed: 2, shuffleOptions: true }, POOL);

    // An examination starts after a passed identity check (continual authentication).
    const checked = () => recordIdentityCheck(ctx.database.db, { userId: uid01, sessionId: null, type: 'password', outcome: 'success', at: new Date(ctx.clock.now()) });
    await checked();
    // Submitted with nothing answered: failed, one attempt left.
    const first = await start(quiz.id);
    expect(first.questions).toHaveLength(3);
    expect(first.quiz).toMatchObject({ question_count: 3, full_marks: 3 });
    // The options are the paper's labels, a b c d in the order shown.
    for (const q of first.questions.filter((q) => q.kind !== 'true_false')) expect(q.options.map((o) => o.id)).toEqual(['a', 'b', 'c', 'd']);
    expect((await submit(first.id)).pass).toBe(false);
    const review = await read(first.id);
    expect(review.quiz.availability).toBe('available');
    expect(review.review).toHaveLength(3);
    for (const r of review.review) expect(r).toMatchObject({ correct: false, correct_answer: [], explanation: '' });
    expect(JSON.stringify(review)).not.toContain('KEY-');

    // The retake: the other variant of every place.
    await checked();
    const second = await start(quiz.id);
    expect(second.questions).toHaveLength(3);
    expect(questionIds(second).filter((id) => questionIds(first).includes(id))).toEqual([]);
    // Even with the first paper's whole key (what the old review gave away), copying it fails:
    // its questions are not on this paper, and its labels mean nothing here.
    const firstKey = await keyOf(first.id);
    for (const [questionId, value] of firstKey) expect(await json(await save(second.id, questionId, value), 404)).toMatchObject({ status_code: 404 });
    // One wrong option on each question of this paper: scored against this paper, 0 points.
    const secondKey = await keyOf(second.id);
    for (const q of second.questions) {
      const wrong = q.options.map((o) => o.id).find((id) => !secondKey.get(q.id)!.includes(id))!;
      expect((await save(second.id, q.id, [wrong])).status).toBe(200);
    }
    expect(await submit(second.id)).toMatchObject({ pass: false, score: 0 });

    // No attempt left: now (and only now) the key is shown, for both attempts, in each paper's labels.
    const last = await read(second.id);
    expect(last.quiz.availability).toBe('no_attempts_left');
    expect(Object.fromEntries(last.review.map((r) => [r.question_id, r.correct_answer]))).toEqual(Object.fromEntries(secondKey));
    expect(last.review.every((r) => r.explanation.startsWith('KEY-'))).toBe(true);
    const earlier = await read(first.id);
    expect(Object.fromEntries(earlier.review.map((r) => [r.question_id, r.correct_answer]))).toEqual(Object.fromEntries(firstKey));
  });

  it('a quiz retaken as often as one likes (quiz 4 of the demo): no key until it is passed; answering from the paper’s own key passes, and the alert goes', async () => {
    const courseId = await course('Retake quiz');
    const quiz = await createQuiz(
      ctx.database.db,
      { courseId, passMark: 3, retakeAlertAfter: 1, shuffleOptions: true },
      POOL.filter((q) => q.explanation?.endsWith('A')),
    );
    const first = await start(quiz.id);
    await submit(first.id);
    const failed = await read(first.id);
    expect(failed.review.map((r) => r.correct_answer)).toEqual([[], [], []]);
    expect(failed.quiz.retake_alert).toBe(true);

    // One variant per place: the same questions, under the paper's own labels.
    const second = await start(quiz.id);
    expect(questionIds(second)).toEqual(questionIds(first));
    const key = await keyOf(second.id);
    for (const [questionId, value] of key) expect((await save(second.id, questionId, value)).status).toBe(200);
    expect(await submit(second.id)).toMatchObject({ pass: true, score: 3 });
    const passed = await read(second.id);
    expect(passed.quiz).toMatchObject({ availability: 'submitted', retake_alert: false });
    expect(passed.review.every((r) => r.correct && r.correct_answer.length > 0)).toBe(true);
  });
});

describe('issue 43 (4): an identity prompt holds the attempt, and only the server-measured prompt time comes back', () => {
  const passCheck = () => recordIdentityCheck(ctx.database.db, { userId: uid01, sessionId: null, type: 'password', outcome: 'success', at: new Date(ctx.clock.now()) });
  const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
  async function withPrompts(run: () => Promise<void>): Promise<void> {
    const saved = ctx.config.continualAuth;
    ctx.config.continualAuth = { ...saved, enabled: true, min: 1, max: 2, unitSeconds: 60 };
    try {
      await run();
    } finally {
      ctx.config.continualAuth = saved;
    }
  }

  it('while paused the attempt serves no questions and refuses answers; the deadline moves by the time until the check was passed, never by the browser’s resume', () =>
    withPrompts(async () => {
      const courseId = await course('Prompted');
      const quiz = await createQuiz(ctx.database.db, { courseId, timeLimitMinutes: 3, passMark: 1 }, POOL.filter((q) => q.explanation?.endsWith('A')));
      const attempt = await start(quiz.id);
      expect(attempt.questions).toHaveLength(3);
      expect(attempt.paused).toBe(false);
      ctx.clock.advance(20_000);
      const paused = attemptSchema.parse(await json(await pause(attempt.id)));
      expect(paused).toMatchObject({ paused: true, questions: [] });
      ctx.clock.advance(30_000);
      // Reading it while the prompt is open shows no question (the attack read them all and thought).
      expect(await read(attempt.id)).toMatchObject({ paused: true, questions: [] });
      expect(await json(await save(attempt.id, attempt.questions[0].id, ['a']), 409)).toMatchObject({ code: 'QuizPaused' });
      await passCheck();
      // The browser resumes four minutes later: only the 30 s until the check come back.
      ctx.clock.advance(4 * MINUTE);
      agent01 = await signIn(ctx, 'agent01');
      const resumed = attemptSchema.parse(await json(await resume(attempt.id)));
      expect(resumed.deadline_at).toBe(plus(attempt.deadline_at!, 30_000));
      expect(resumed.questions).toHaveLength(3);
      expect(resumed.paused).toBe(false);
    }));

  it('repeated pauses and resumes add no more than the prompts really took (a pause without a passed check gives nothing)', () =>
    withPrompts(async () => {
      const courseId = await course('Prompted often');
      const quiz = await createQuiz(ctx.database.db, { courseId, timeLimitMinutes: 30, passMark: 1 }, POOL.filter((q) => q.explanation?.endsWith('A')));
      const attempt = await start(quiz.id);
      let realPrompts = 0;
      for (let round = 0; round < 4; round += 1) {
        ctx.clock.advance(MINUTE);
        await json(await pause(attempt.id));
        // A second pause at once is refused, or answers the same pause: never a new one.
        const again = await pause(attempt.id);
        expect([200, 409]).toContain(again.status);
        ctx.clock.advance(15_000);
        if (round % 2 === 0) {
          await passCheck();
          realPrompts += 15_000;
        }
        ctx.clock.advance(2 * MINUTE);
        await json(await resume(attempt.id));
        await json(await resume(attempt.id));
        agent01 = await signIn(ctx, 'agent01');
      }
      const [row] = await ctx.database.db.select().from(quizAttempts).where(and(eq(quizAttempts.id, Number(attempt.id))));
      expect(row.pauseCreditMs).toBe(realPrompts);
      expect((await read(attempt.id)).deadline_at).toBe(plus(attempt.deadline_at!, realPrompts));
    }));
});
