import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { attemptSchema, quizRecordListSchema, quizResultSchema, quizSummaryListSchema, quizSummarySchema, savedAnswerSchema } from '../../src/api/schemas/quizzes.schema';
import { HEADER } from '../../src/config/constants';
import { courseEnrolments, quizAttempts } from '../db/schema';
import { recordIdentityCheck } from '../domain/identity-checks';
import { GRACE_SECONDS } from '../domain/quizzes-deadline';
import { PAUSE_CREDIT_CAP_MS } from '../domain/quizzes-pause';
import { finishOverdueAttempts, insertOpenAttempt } from '../domain/quizzes';
import { createContentTestContext, createCourse, createDepartment, createLesson, createReadingItem, signIn, tri, type ContentTestContext, type Learner } from '../testing/content-factory';
import { completeReadings, createQuiz, giveExtraTime, userIdOf, type QuestionInput } from '../testing/quiz-factory';

// Issue 13, ADR 025: the server owns the attempt. Every endpoint, bad input of each kind, another
// learner's attempt, the deadline with its grace, extra time, the closing time, retakes, course
// completion and the browser that never returns.

let ctx: ContentTestContext;
let agent01: Learner;
let agent02: Learner;
let uid01: number;
let uid02: number;
let department: number;
const MINUTE = 60_000;

/** Every question kind: full marks 7. */
const QUESTIONS: QuestionInput[] = [
  { kind: 'single', options: ['a', 'b', 'c'], correct: ['b'], points: 1 },
  { kind: 'multiple', options: ['a', 'b', 'c', 'd'], correct: ['a', 'c'], maxChoices: 2, points: 2 },
  { kind: 'true_false', correct: ['true'], points: 1, explanation: 'SECRET-EXPLANATION' },
  { kind: 'short_text', correct: ['Know your customer', 'KYC'], points: 1 },
  { kind: 'essay', points: 2, required: true },
];

const json = async <T>(res: Response, status = 200): Promise<T> => {
  const body = await res.text();
  expect(res.status, body).toBe(status);
  return JSON.parse(body) as T;
};
const start = (who: Learner, quizId: number, lang?: string) =>
  who.request(`/api/quizzes/${quizId}/attempts`, { method: 'POST', headers: lang ? { [HEADER.language]: lang } : {} });
const save = (who: Learner, attemptId: string, questionId: number | string, body: unknown) =>
  who.request(`/api/quiz_attempts/${attemptId}/answers/${questionId}`, { method: 'PUT', json: body });
const submit = (who: Learner, attemptId: string) => who.request(`/api/quiz_attempts/${attemptId}/submit`, { method: 'POST' });
const getQuiz = async (who: Learner, quizId: number) => quizSummarySchema.parse(await json(await who.request(`/api/quizzes/${quizId}`)));
let signedInAt = 0;
/** Tokens last the session timeout from sign-in: the learners sign in again once the test clock has moved on. */
async function signInBoth(): Promise<void> {
  agent01 = await signIn(ctx, 'agent01');
  agent02 = await signIn(ctx, 'agent02');
  signedInAt = ctx.clock.now();
}
/** Moves the server's clock; past a few minutes the learners sign in again (their attempts are the server's, not the session's). */
async function advance(ms: number): Promise<void> {
  ctx.clock.advance(ms);
  if (ctx.clock.now() - signedInAt > 4 * MINUTE) await signInBoth();
}

/** A published course with one reading; `done` learners have completed it. */
async function course(title: string, done: number[] = []): Promise<number> {
  const id = await createCourse(ctx.database.db, { departmentId: department, title: tri(title), publishedAt: new Date('2025-01-01T00:00:00Z') });
  const lesson = await createLesson(ctx.database.db, id, tri('Lesson'));
  await createReadingItem(ctx.database.db, { courseId: id, lessonId: lesson, title: tri(`${title} reading`), requiredSeconds: 5 });
  for (const user of done) await completeReadings(ctx.database.db, user, id, new Date(ctx.clock.now() - 3_600_000));
  return id;
}

async function startOk(who: Learner, quizId: number) {
  return attemptSchema.parse(await json(await start(who, quizId)));
}

beforeAll(async () => {
  ctx = await createContentTestContext();
  department = await createDepartment(ctx.database.db, tri('Compliance'));
  await signInBoth();
  uid01 = await userIdOf(ctx.database.db, 'agent01');
  uid02 = await userIdOf(ctx.database.db, 'agent02');
});
afterAll(() => ctx?.close());
beforeEach(async () => {
  if (ctx.clock.now() - signedInAt > 2 * MINUTE) await signInBoth();
});

describe('reading quizzes', () => {
  it('lists a course’s quizzes with the caller’s availability: course_incomplete until every item is done', async () => {
    const courseId = await course('Listing', [uid01]);
    const quiz = await createQuiz(ctx.database.db, { courseId, title: 'Listing quiz', timeLimitMinutes: 10, passMark: 3 }, QUESTIONS);
    const mine = quizSummaryListSchema.parse(await json(await agent01.request(`/api/courses/${courseId}/quizzes`)));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: String(quiz.id), kind: 'quiz', title: 'Listing quiz', question_count: 5, full_marks: 7, pass_mark: 3, time_limit_minutes: 10, availability: 'available', attempts_used: 0, open_attempt_id: null, best_result: null });
    const theirs = quizSummaryListSchema.parse(await json(await agent02.request(`/api/courses/${courseId}/quizzes`, { headers: { [HEADER.language]: 'zh-HK' } })));
    expect(theirs[0]).toMatchObject({ availability: 'course_incomplete', title: 'Listing quiz（繁）' });
  });

  it('answers 404 for an unknown course or quiz and 400 for a malformed id', async () => {
    expect((await agent01.request('/api/courses/999999/quizzes')).status).toBe(404);
    expect((await agent01.request('/api/courses/abc/quizzes')).status).toBe(400);
    expect((await agent01.request('/api/quizzes/999999')).status).toBe(404);
    expect((await agent01.request('/api/quizzes/1e3')).status).toBe(400);
    expect((await agent01.request('/api/quizzes/999999/attempts')).status).toBe(404);
    expect((await start(agent01, 999999)).status).toBe(404);
    expect((await agent01.request('/api/quiz_attempts/999999')).status).toBe(404);
    expect((await agent01.request('/api/quiz_attempts/-1')).status).toBe(400);
    expect((await ctx.request('/api/quizzes/1')).status).toBe(401);
  });
});

describe('starting an attempt', () => {
  it('refuses a quiz whose course items are not done (403, translated, with a code), then opens once they are', async () => {
    const courseId = await course('Gate');
    const quiz = await createQuiz(ctx.database.db, { courseId }, QUESTIONS);
    const refused = await json<{ message: string; code: string }>(await start(agent01, quiz.id, 'zh-HK'), 403);
    expect(refused).toMatchObject({ code: 'QuizCourseIncomplete', message: '請先完成課程的所有項目，才可參加此測驗。' });
    await completeReadings(ctx.database.db, uid01, courseId, new Date(ctx.clock.now()));
    expect((await getQuiz(agent01, quiz.id)).availability).toBe('available');
    expect((await startOk(agent01, quiz.id)).status).toBe('open');
  });

  it('fixes the deadline on the server and never sends correct answers or explanations before the end', async () => {
    const courseId = await course('Timed', [uid01]);
    const quiz = await createQuiz(ctx.database.db, { courseId, timeLimitMinutes: 10 }, QUESTIONS);
    const res = await start(agent01, quiz.id);
    const raw = await res.text();
    const attempt = attemptSchema.parse(JSON.parse(raw));
    expect(attempt.deadline_at).toBe(new Date(ctx.clock.now() + 10 * MINUTE).toISOString());
    expect(attempt).toMatchObject({ cut_by_closing_time: false, grace_seconds: GRACE_SECONDS, server_now: new Date(ctx.clock.now()).toISOString(), answers: [], result: null, review: [] });
    expect(attempt.questions.map((q) => q.kind)).toEqual(['single', 'multiple', 'true_false', 'short_text', 'essay']);
    expect(attempt.questions[1]).toMatchObject({ max_choices: 2, options: [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }] });
    expect(attempt.questions[2].options).toEqual([
      { id: 'true', text: 'True' },
      { id: 'false', text: 'False' },
    ]);
    expect(raw).not.toContain('SECRET-EXPLANATION');
    expect(raw).not.toContain('Know your customer');
    expect(raw).not.toContain('correct_answer');
    expect(attempt.quiz.open_attempt_id).toBe(attempt.id);
  });

  it('a double click or two tabs never make two attempts (concurrent starts answer the same one)', async () => {
    const courseId = await course('Double', [uid01]);
    const quiz = await createQuiz(ctx.database.db, { courseId, timeLimitMinutes: 5 }, QUESTIONS);
    const [a, b] = await Promise.all([start(agent01, quiz.id), start(agent01, quiz.id)]);
    const [first, second] = [attemptSchema.parse(await json(a)), attemptSchema.parse(await json(b))];
    expect(second.id).toBe(first.id);
    await advance(30_000);
    const again = await startOk(agent01, quiz.id);
    expect(again.id).toBe(first.id);
    expect(again.deadline_at).toBe(first.deadline_at);
    const open = await ctx.database.db
      .select()
      .from(quizAttempts)
      .where(and(eq(quizAttempts.quizId, quiz.id), isNull(quizAttempts.finishedAt)));
    expect(open).toHaveLength(1);
    // The race itself, whichever order the requests interleave in: the second insert meets the
    // unique index on open attempts and answers the first one's attempt.
    const late = await insertOpenAttempt(ctx.database.db, { quizId: quiz.id, userId: uid01, startedAt: new Date(ctx.clock.now()), deadlineAt: null });
    expect(String(late.id)).toBe(first.id);
    expect(late.deadlineAt!.toISOString()).toBe(first.deadline_at);
  });

  it('adds the learner’s extra time; the closing time cuts the limit short (and says so); an untimed quiz has no deadline', async () => {
    const courseId = await course('Deadlines', [uid01, uid02]);
    const withExtra = await createQuiz(ctx.database.db, { courseId, timeLimitMinutes: 10, position: 1 }, QUESTIONS);
    await giveExtraTime(ctx.database.db, withExtra.id, uid01, 5);
    expect((await getQuiz(agent01, withExtra.id)).extra_minutes).toBe(5);
    expect((await getQuiz(agent02, withExtra.id)).extra_minutes).toBe(0);
    const now = ctx.clock.now();
    expect((await startOk(agent01, withExtra.id)).deadline_at).toBe(new Date(now + 15 * MINUTE).toISOString());
    expect((await startOk(agent02, withExtra.id)).deadline_at).toBe(new Date(now + 10 * MINUTE).toISOString());

    const closesAt = new Date(now + 4 * MINUTE);
    const cut = await createQuiz(ctx.database.db, { courseId, timeLimitMinutes: 10, closesAt, position: 2 }, QUESTIONS);
    expect(await startOk(agent01, cut.id)).toMatchObject({ deadline_at: closesAt.toISOString(), cut_by_closing_time: true });

    const untimed = await createQuiz(ctx.database.db, { courseId, position: 3 }, QUESTIONS);
    const open = await startOk(agent01, untimed.id);
    expect(open).toMatchObject({ deadline_at: null, cut_by_closing_time: false });
    await advance(2 * 86_400_000);
    expect((await save(agent01, open.id, untimed.questions[0], { value: ['b'], seq: 1 })).status).toBe(200);
    expect(attemptSchema.parse(await json(await agent01.request(`/api/quiz_attempts/${open.id}`))).status).toBe('open');
  });

  it('refuses a closed quiz (403 QuizClosed)', async () => {
    const courseId = await course('Closed', [uid01]);
    const quiz = await createQuiz(ctx.database.db, { courseId, closesAt: new Date(ctx.clock.now() - MINUTE) }, QUESTIONS);
    expect((await getQuiz(agent01, quiz.id)).availability).toBe('closed');
    expect(await json(await start(agent01, quiz.id), 403)).toMatchObject({ code: 'QuizClosed' });
  });

  it('an examination with continual authentication on needs an identity check passed in the last 5 minutes', async () => {
    const saved = ctx.config.continualAuth;
    ctx.config.continualAuth = { ...saved, enabled: true };
    try {
      const courseId = await course('Exam', [uid01]);
      const exam = await createQuiz(ctx.database.db, { courseId, kind: 'exam', attemptsAllowed: 1 }, QUESTIONS);
      expect((await getQuiz(agent01, exam.id)).identity_check_at_start).toBe(true);
      expect(await json(await start(agent01, exam.id), 403)).toMatchObject({ code: 'IdentityCheckRequired' });
      await recordIdentityCheck(ctx.database.db, { userId: uid01, sessionId: null, type: 'password', outcome: 'success', at: new Date(ctx.clock.now() - 6 * MINUTE) });
      expect(await json(await start(agent01, exam.id), 403)).toMatchObject({ code: 'IdentityCheckRequired' });
      await recordIdentityCheck(ctx.database.db, { userId: uid01, sessionId: null, type: 'password', outcome: 'success', at: new Date(ctx.clock.now() - MINUTE) });
      expect((await startOk(agent01, exam.id)).quiz.kind).toBe('exam');
    } finally {
      ctx.config.continualAuth = saved;
    }
  });
});

describe('saving answers', () => {
  let attemptId: string;
  let q: number[];
  let otherQuestion: number;

  beforeAll(async () => {
    const courseId = await course('Answers', [uid01]);
    const quiz = await createQuiz(ctx.database.db, { courseId, timeLimitMinutes: 30 }, QUESTIONS);
    const other = await createQuiz(ctx.database.db, { courseId, position: 2 }, QUESTIONS);
    q = quiz.questions;
    otherQuestion = other.questions[0];
    attemptId = (await startOk(agent01, quiz.id)).id;
  });

  it('keeps the highest seq: a stale or repeated save answers the stored answer and changes nothing', async () => {
    const first = savedAnswerSchema.parse(await json(await save(agent01, attemptId, q[0], { value: ['a'], seq: 1 })));
    expect(first).toMatchObject({ question_id: String(q[0]), value: ['a'], seq: 1, saved_at: new Date(ctx.clock.now()).toISOString() });
    await advance(1000);
    expect(await json(await save(agent01, attemptId, q[0], { value: ['b'], seq: 3 }))).toMatchObject({ value: ['b'], seq: 3 });
    // The slow old save (seq 2) arrives after the newer one: the server keeps seq 3.
    expect(await json(await save(agent01, attemptId, q[0], { value: ['c'], seq: 2 }))).toMatchObject({ value: ['b'], seq: 3 });
    expect(await json(await save(agent01, attemptId, q[0], { value: ['c'], seq: 3 }))).toMatchObject({ value: ['b'], seq: 3 });
    const attempt = attemptSchema.parse(await json(await agent01.request(`/api/quiz_attempts/${attemptId}`)));
    expect(attempt.answers).toEqual([expect.objectContaining({ question_id: String(q[0]), value: ['b'], seq: 3 })]);
  });

  it('concurrent saves of one answer, in any order, leave the highest seq', async () => {
    const seqs = [14, 11, 19, 12, 17, 13, 18, 15, 16, 10];
    const answers = await Promise.all(seqs.map((seq) => save(agent01, attemptId, q[3], { value: `text ${seq}`, seq })));
    expect(answers.map((r) => r.status)).toEqual(seqs.map(() => 200));
    const attempt = attemptSchema.parse(await json(await agent01.request(`/api/quiz_attempts/${attemptId}`)));
    expect(attempt.answers.find((a) => a.question_id === String(q[3]))).toMatchObject({ value: 'text 19', seq: 19 });
  });

  it('takes every kind of value its question allows, and an empty one clears it', async () => {
    expect((await save(agent01, attemptId, q[1], { value: ['a', 'c'], seq: 1 })).status).toBe(200);
    expect((await save(agent01, attemptId, q[2], { value: ['false'], seq: 1 })).status).toBe(200);
    expect((await save(agent01, attemptId, q[3], { value: '  kyc ', seq: 20 })).status).toBe(200);
    expect((await save(agent01, attemptId, q[4], { value: 'An essay 文字', seq: 1 })).status).toBe(200);
    expect(await json(await save(agent01, attemptId, q[2], { value: [], seq: 2 }))).toMatchObject({ value: [] });
  });

  it.each([
    ['more choices than the question allows', 1, { value: ['a', 'b', 'c'], seq: 10 }, 'Maximum choices exceeded.'],
    ['two choices on a single-choice question', 0, { value: ['a', 'b'], seq: 10 }, 'Maximum choices exceeded.'],
    ['an option the question does not have', 0, { value: ['z'], seq: 10 }, 'This option is not one of the question.'],
    ['the same option twice', 1, { value: ['a', 'a'], seq: 10 }, 'An option is chosen twice.'],
    ['a text for a choice question', 0, { value: 'b', seq: 10 }, 'This question is answered by choosing options.'],
    ['choices for a text question', 3, { value: ['a'], seq: 10 }, 'This question is answered with a text.'],
    ['a number as the value', 0, { value: 3, seq: 10 }, null],
    ['no value', 0, { seq: 10 }, null],
    ['seq 0', 0, { value: ['a'], seq: 0 }, 'The sequence number must be a whole number from 1.'],
    ['a negative seq', 0, { value: ['a'], seq: -4 }, 'The sequence number must be a whole number from 1.'],
    ['a fractional seq', 0, { value: ['a'], seq: 1.5 }, 'The sequence number must be a whole number from 1.'],
    ['a huge seq', 0, { value: ['a'], seq: 2 ** 31 }, 'The number is too large.'],
    ['a seq as text', 0, { value: ['a'], seq: '5' }, 'The sequence number must be a whole number from 1.'],
    ['NUL in a text', 3, { value: 'KYC\u0000', seq: 10 }, 'The text contains a character that is not allowed (NUL).'],
    ['a text too long', 4, { value: 'x'.repeat(20_001), seq: 10 }, null],
    ['a malformed option id', 0, { value: ['a b'], seq: 10 }, 'An option id is not valid.'],
    ['too many options', 1, { value: Array.from({ length: 51 }, (_, i) => `o${i}`), seq: 10 }, 'Too many choices.'],
  ])('refuses %s with a clear 400', async (_, index, body, message) => {
    const res = await save(agent01, attemptId, q[index as number], body);
    const answer = await json<{ message: string }>(res, 400);
    if (message) expect(answer.message).toBe(message);
    else expect(answer.message.length).toBeGreaterThan(5);
  });

  it('answers 400 for malformed ids and 404 for a question of another quiz', async () => {
    expect((await save(agent01, attemptId, 'x1', { value: ['a'], seq: 1 })).status).toBe(400);
    expect((await save(agent01, 'abc', q[0], { value: ['a'], seq: 1 })).status).toBe(400);
    expect(await json(await save(agent01, attemptId, otherQuestion, { value: ['a'], seq: 1 }), 404)).toMatchObject({ message: 'This question is not part of the quiz.' });
    expect((await save(agent01, '999999', q[0], { value: ['a'], seq: 1 })).status).toBe(404);
  });

  it('another learner never reads, writes or submits this attempt (404, as if it did not exist)', async () => {
    expect((await agent02.request(`/api/quiz_attempts/${attemptId}`)).status).toBe(404);
    expect((await save(agent02, attemptId, q[0], { value: ['c'], seq: 99 })).status).toBe(404);
    expect((await submit(agent02, attemptId)).status).toBe(404);
    const attempt = attemptSchema.parse(await json(await agent01.request(`/api/quiz_attempts/${attemptId}`)));
    expect(attempt.status).toBe('open');
    expect(attempt.answers.find((a) => a.question_id === String(q[0]))).toMatchObject({ value: ['b'], seq: 3 });
  });
});

describe('submitting', () => {
  it('scores on the server, is idempotent, and only then shows the review; later answers are refused', async () => {
    const courseId = await course('Scoring', [uid01]);
    const quiz = await createQuiz(ctx.database.db, { courseId, timeLimitMinutes: 20, passMark: 4 }, QUESTIONS);
    const attempt = await startOk(agent01, quiz.id);
    const [single, multiple, trueFalse, shortText] = quiz.questions;
    await save(agent01, attempt.id, single, { value: ['b'], seq: 1 }); // 1
    await save(agent01, attempt.id, multiple, { value: ['a', 'c'], seq: 1 }); // 2
    await save(agent01, attempt.id, trueFalse, { value: ['false'], seq: 1 }); // 0
    await save(agent01, attempt.id, shortText, { value: '  know YOUR customer ', seq: 1 }); // 1; the essay stays unanswered
    await advance(60_000);
    const result = quizResultSchema.parse(await json(await submit(agent01, attempt.id)));
    expect(result).toEqual({ attempt_id: attempt.id, score: 4, full_marks: 7, pass: true, started_at: attempt.started_at, completed_at: new Date(ctx.clock.now()).toISOString(), finished_by: 'learner' });
    await advance(5000);
    expect(await json(await submit(agent01, attempt.id))).toEqual(result);

    const finished = attemptSchema.parse(await json(await agent01.request(`/api/quiz_attempts/${attempt.id}`)));
    expect(finished).toMatchObject({ status: 'finished', result });
    expect(finished.review.find((r) => r.question_id === String(trueFalse))).toEqual({ question_id: String(trueFalse), points_awarded: 0, correct: false, correct_answer: ['true'], explanation: 'SECRET-EXPLANATION' });
    expect(finished.review.find((r) => r.question_id === String(multiple))).toMatchObject({ points_awarded: 2, correct: true, correct_answer: ['a', 'c'] });
    expect(finished.review.find((r) => r.question_id === String(quiz.questions[4]))).toMatchObject({ points_awarded: 0, correct_answer: [] });

    expect(await json(await save(agent01, attempt.id, single, { value: ['a'], seq: 2 }), 403)).toMatchObject({ code: 'QuizSubmitted' });
    // SPEC §8 "multiple-choice question already submitted": its own code and message, in each language.
    const late = { value: ['b', 'd'], seq: 2 };
    const path = `/api/quiz_attempts/${attempt.id}/answers/${multiple}`;
    expect(await json(await save(agent01, attempt.id, multiple, late), 403)).toEqual({
      status_code: 403,
      code: 'QuizMultipleChoiceSubmitted',
      message: 'This multiple-choice question has already been submitted: its answers can no longer be changed.',
    });
    expect(await json(await agent01.request(path, { method: 'PUT', json: late, headers: { [HEADER.language]: 'zh-HK' } }), 403)).toMatchObject({ message: '此多項選擇題已經提交，答案不能再更改。' });
    expect(await json(await agent01.request(path, { method: 'PUT', json: late, headers: { [HEADER.language]: 'zh-CN' } }), 403)).toMatchObject({ message: '此多项选择题已经提交，答案不能再更改。' });
    expect(finished.review.find((r) => r.question_id === String(multiple))).toMatchObject({ correct: true });
    const records = quizRecordListSchema.parse(await json(await agent01.request(`/api/quizzes/${quiz.id}/attempts`)));
    expect(records).toEqual([result]);
    expect(quizRecordListSchema.parse(await json(await agent02.request(`/api/quizzes/${quiz.id}/attempts`)))).toEqual([]);
    // Passed: the quiz is submitted and cannot be taken again (SPEC §8 "already submitted").
    expect(await getQuiz(agent01, quiz.id)).toMatchObject({ availability: 'submitted', best_result: result });
    expect(await json(await start(agent01, quiz.id), 403)).toMatchObject({ code: 'QuizSubmitted', message: 'This examination or quiz has already been submitted.' });
  });

  it('an unanswered quiz submits too (nothing blocks), and fails', async () => {
    const courseId = await course('Blank', [uid01]);
    const quiz = await createQuiz(ctx.database.db, { courseId, passMark: 1 }, QUESTIONS);
    const attempt = await startOk(agent01, quiz.id);
    expect(await json(await submit(agent01, attempt.id))).toMatchObject({ score: 0, full_marks: 7, pass: false });
  });
});

describe('the deadline and its grace', () => {
  it('takes answers up to the deadline plus the grace, then refuses them (QuizTimeUp) and finishes the attempt at the deadline', async () => {
    const courseId = await course('Grace', [uid01]);
    const quiz = await createQuiz(ctx.database.db, { courseId, timeLimitMinutes: 3, passMark: 1 }, QUESTIONS);
    const attempt = await startOk(agent01, quiz.id);
    await advance(3 * MINUTE + (GRACE_SECONDS - 1) * 1000);
    expect((await save(agent01, attempt.id, quiz.questions[0], { value: ['b'], seq: 1 })).status).toBe(200);
    await advance(2000);
    expect(await json(await save(agent01, attempt.id, quiz.questions[3], { value: 'KYC', seq: 1 }), 403)).toMatchObject({ code: 'QuizTimeUp', message: 'Time is up: this attempt has ended and takes no more answers.' });
    // Time-up, not "already submitted", for a multiple-choice question too: the learner did not submit.
    expect(await json(await save(agent01, attempt.id, quiz.questions[1], { value: ['a'], seq: 1 }), 403)).toMatchObject({ code: 'QuizTimeUp' });
    const result = quizResultSchema.parse(await json(await submit(agent01, attempt.id)));
    expect(result).toMatchObject({ finished_by: 'deadline', completed_at: attempt.deadline_at, score: 1, pass: true });
  });

  it('a submit within the grace is still the learner’s; after it, the deadline’s', async () => {
    const courseId = await course('Late submit', [uid01, uid02]);
    const quiz = await createQuiz(ctx.database.db, { courseId, timeLimitMinutes: 3, passMark: 1 }, QUESTIONS);
    const mine = await startOk(agent01, quiz.id);
    const theirs = await startOk(agent02, quiz.id);
    await advance(3 * MINUTE + 10_000);
    expect(await json(await submit(agent01, mine.id))).toMatchObject({ finished_by: 'learner', completed_at: new Date(ctx.clock.now()).toISOString() });
    await advance(GRACE_SECONDS * 1000);
    expect(await json(await submit(agent02, theirs.id))).toMatchObject({ finished_by: 'deadline', completed_at: theirs.deadline_at });
  });

  it('the browser never returns: the sweep finishes the attempt at its deadline with the answers saved until then', async () => {
    const courseId = await course('Abandoned', [uid02]);
    const quiz = await createQuiz(ctx.database.db, { courseId, timeLimitMinutes: 3, passMark: 2 }, QUESTIONS);
    const attempt = await startOk(agent02, quiz.id);
    await save(agent02, attempt.id, quiz.questions[0], { value: ['b'], seq: 1 });
    await save(agent02, attempt.id, quiz.questions[3], { value: 'kyc', seq: 1 });
    ctx.clock.advance(3 * MINUTE + GRACE_SECONDS * 1000 - 1000);
    expect(await finishOverdueAttempts(ctx.database.db, new Date(ctx.clock.now()))).toBe(0);
    ctx.clock.advance(2000);
    // No request of the learner from here: only the server's periodic work.
    expect(await finishOverdueAttempts(ctx.database.db, new Date(ctx.clock.now()))).toBe(1);
    const [row] = await ctx.database.db.select().from(quizAttempts).where(eq(quizAttempts.id, Number(attempt.id)));
    expect(row).toMatchObject({ finishedBy: 'deadline', score: 2, fullMarks: 7, pass: true });
    expect(row.finishedAt!.toISOString()).toBe(attempt.deadline_at);
    expect(await finishOverdueAttempts(ctx.database.db, new Date(ctx.clock.now()))).toBe(0);
  });

  it('an attempt left open is finished lazily on the next read too', async () => {
    const courseId = await course('Lazy', [uid02]);
    const quiz = await createQuiz(ctx.database.db, { courseId, timeLimitMinutes: 3, passMark: 1 }, QUESTIONS);
    const attempt = await startOk(agent02, quiz.id);
    await save(agent02, attempt.id, quiz.questions[0], { value: ['b'], seq: 1 });
    await advance(10 * MINUTE);
    const summary = await getQuiz(agent02, quiz.id);
    expect(summary).toMatchObject({ open_attempt_id: null, attempts_used: 1, availability: 'submitted' });
    expect(summary.best_result).toMatchObject({ finished_by: 'deadline', score: 1, completed_at: attempt.deadline_at });
  });
});

describe('retakes', () => {
  it('a failed quiz can be retaken; the retake alert shows from the Nth failure; a pass ends it', async () => {
    const courseId = await course('Retake', [uid01]);
    const quiz = await createQuiz(ctx.database.db, { courseId, passMark: 1, retakeAlertAfter: 2 }, QUESTIONS);
    const fail = async () => {
      const a = await startOk(agent01, quiz.id);
      expect(await json(await submit(agent01, a.id))).toMatchObject({ pass: false });
    };
    await fail();
    expect(await getQuiz(agent01, quiz.id)).toMatchObject({ availability: 'available', failed_attempts: 1, retake_alert: false });
    await fail();
    expect(await getQuiz(agent01, quiz.id)).toMatchObject({ availability: 'available', failed_attempts: 2, retake_alert: true, attempts_used: 2 });
    const third = await startOk(agent01, quiz.id);
    await save(agent01, third.id, quiz.questions[0], { value: ['b'], seq: 1 });
    expect(await json(await submit(agent01, third.id))).toMatchObject({ pass: true });
    expect(quizRecordListSchema.parse(await json(await agent01.request(`/api/quizzes/${quiz.id}/attempts`))).map((r) => r.pass)).toEqual([true, false, false]);
  });

  it('an examination with one attempt allowed, once failed, has no attempts left', async () => {
    const saved = ctx.config.continualAuth;
    ctx.config.continualAuth = { ...saved, enabled: false };
    try {
      const courseId = await course('One shot', [uid01]);
      const exam = await createQuiz(ctx.database.db, { courseId, kind: 'exam', passMark: 5, attemptsAllowed: 1 }, QUESTIONS);
      const a = await startOk(agent01, exam.id);
      await submit(agent01, a.id);
      expect((await getQuiz(agent01, exam.id)).availability).toBe('no_attempts_left');
      expect(await json(await start(agent01, exam.id), 403)).toMatchObject({ code: 'QuizNoAttemptsLeft' });
    } finally {
      ctx.config.continualAuth = saved;
    }
  });
});

describe('course completion', () => {
  const enrolment = async (courseId: number) =>
    (await ctx.database.db.select().from(courseEnrolments).where(and(eq(courseEnrolments.userId, uid01), eq(courseEnrolments.courseId, courseId))))[0];

  it('a course with quizzes completes only when the last one is passed, at that moment', async () => {
    const courseId = await course('Completion', [uid01]);
    const first = await createQuiz(ctx.database.db, { courseId, passMark: 1, position: 1 }, QUESTIONS);
    const second = await createQuiz(ctx.database.db, { courseId, passMark: 1, position: 2 }, QUESTIONS);
    // Every item done: enrolling (which checks completion) leaves it in progress, the quizzes are not passed.
    expect((await agent01.request(`/api/courses/${courseId}/enrol`, { method: 'POST' })).status).toBe(204);
    expect(await enrolment(courseId)).toMatchObject({ status: 'in_progress', completedAt: null });
    const pass = async (quizId: number, questionId: number) => {
      const a = await startOk(agent01, quizId);
      await save(agent01, a.id, questionId, { value: ['b'], seq: 1 });
      return quizResultSchema.parse(await json(await submit(agent01, a.id)));
    };
    await pass(first.id, first.questions[0]);
    expect((await enrolment(courseId)).status).toBe('in_progress');
    await advance(MINUTE);
    const last = await pass(second.id, second.questions[0]);
    expect(last.pass).toBe(true);
    expect(await enrolment(courseId)).toMatchObject({ status: 'completed', completedAt: new Date(last.completed_at) });
    const detail = (await json<{ status: string; completed_at: string }>(await agent01.request(`/api/courses/${courseId}`)));
    expect(detail).toMatchObject({ status: 'completed', completed_at: last.completed_at });
  });

  it('a course without quizzes completes as before', async () => {
    const courseId = await course('No quiz', [uid01]);
    expect((await agent01.request(`/api/courses/${courseId}/enrol`, { method: 'POST' })).status).toBe(204);
    expect((await enrolment(courseId)).status).toBe('completed');
  });
});

describe('identity prompts during a timed attempt (ADR 030)', () => {
  const pause = (who: Learner, attemptId: string) => who.request(`/api/quiz_attempts/${attemptId}/pause`, { method: 'POST' });
  const resume = (who: Learner, attemptId: string) => who.request(`/api/quiz_attempts/${attemptId}/resume`, { method: 'POST' });
  const passed = (userId: number, outcome: 'success' | 'failure' = 'success') =>
    recordIdentityCheck(ctx.database.db, { userId, sessionId: null, type: 'password', outcome, at: new Date(ctx.clock.now()) });
  const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
  /** Continual authentication on, prompts at least one minute apart. */
  async function withPrompts(run: () => Promise<void>): Promise<void> {
    const saved = ctx.config.continualAuth;
    ctx.config.continualAuth = { ...saved, enabled: true, min: 1, max: 2, unitSeconds: 60 };
    try {
      await run();
    } finally {
      ctx.config.continualAuth = saved;
    }
  }

  it('stops the clock: answers wait (409 QuizPaused), and the resume gives back the time until the identity check was passed', () =>
    withPrompts(async () => {
      const courseId = await course('Paused', [uid01]);
      const quiz = await createQuiz(ctx.database.db, { courseId, timeLimitMinutes: 5, passMark: 1 }, QUESTIONS);
      const attempt = await startOk(agent01, quiz.id);
      await advance(MINUTE);
      expect(attemptSchema.parse(await json(await pause(agent01, attempt.id))).deadline_at).toBe(attempt.deadline_at);
      // A repeat (two tabs, a retry) changes nothing.
      expect((await pause(agent01, attempt.id)).status).toBe(200);
      expect(await json(await save(agent01, attempt.id, quiz.questions[0], { value: ['b'], seq: 1 }), 409)).toMatchObject({ code: 'QuizPaused' });
      await advance(2 * MINUTE);
      await passed(uid01);
      await advance(20_000);
      const resumed = attemptSchema.parse(await json(await resume(agent01, attempt.id)));
      expect(resumed.deadline_at).toBe(plus(attempt.deadline_at!, 2 * MINUTE));
      expect(resumed.server_now).toBe(new Date(ctx.clock.now()).toISOString());
      // A repeated resume gives nothing more.
      expect(attemptSchema.parse(await json(await resume(agent01, attempt.id))).deadline_at).toBe(resumed.deadline_at);
      expect((await save(agent01, attempt.id, quiz.questions[0], { value: ['b'], seq: 1 })).status).toBe(200);
      const [row] = await ctx.database.db.select().from(quizAttempts).where(eq(quizAttempts.id, Number(attempt.id)));
      expect(row).toMatchObject({ pausedAt: null, pauses: 1, pauseCreditMs: 2 * MINUTE });
    }));

  it('a resume lost on the way: the first save after the passed identity check ends the pause with the same credit', () =>
    withPrompts(async () => {
      const courseId = await course('Lost resume', [uid02]);
      const quiz = await createQuiz(ctx.database.db, { courseId, timeLimitMinutes: 5, passMark: 1 }, QUESTIONS);
      const attempt = await startOk(agent02, quiz.id);
      await json(await pause(agent02, attempt.id));
      await advance(40_000);
      await passed(uid02);
      await advance(5000);
      expect((await save(agent02, attempt.id, quiz.questions[0], { value: ['b'], seq: 1 })).status).toBe(200);
      const after = attemptSchema.parse(await json(await agent02.request(`/api/quiz_attempts/${attempt.id}`)));
      expect(after.deadline_at).toBe(plus(attempt.deadline_at!, 40_000));
    }));

  it('a prompt open across the deadline: the sweep waits, and after the resume the learner still has the time that was left', () =>
    withPrompts(async () => {
      const courseId = await course('Paused at the end', [uid02]);
      const quiz = await createQuiz(ctx.database.db, { courseId, timeLimitMinutes: 3, passMark: 1 }, QUESTIONS);
      const attempt = await startOk(agent02, quiz.id);
      await advance(2 * MINUTE + 30_000);
      await json(await pause(agent02, attempt.id));
      ctx.clock.advance(2 * MINUTE);
      expect(await finishOverdueAttempts(ctx.database.db, new Date(ctx.clock.now()), uid02)).toBe(0);
      await signInBoth();
      await passed(uid02);
      const resumed = attemptSchema.parse(await json(await resume(agent02, attempt.id)));
      expect(resumed.status).toBe('open');
      expect(Date.parse(resumed.deadline_at!) - Date.parse(resumed.server_now)).toBe(30_000);
      expect((await save(agent02, attempt.id, quiz.questions[0], { value: ['b'], seq: 1 })).status).toBe(200);
    }));

  it('gives nothing back without a passed identity check, and at most the cap for a long prompt', () =>
    withPrompts(async () => {
      const courseId = await course('Paused long', [uid01]);
      const quiz = await createQuiz(ctx.database.db, { courseId, timeLimitMinutes: 30, passMark: 1 }, QUESTIONS);
      const attempt = await startOk(agent01, quiz.id);
      await json(await pause(agent01, attempt.id));
      await advance(MINUTE);
      await passed(uid01, 'failure');
      expect(attemptSchema.parse(await json(await resume(agent01, attempt.id))).deadline_at).toBe(attempt.deadline_at);
      await json(await pause(agent01, attempt.id));
      ctx.clock.advance(PAUSE_CREDIT_CAP_MS + 2 * MINUTE);
      await signInBoth();
      await passed(uid01);
      expect(attemptSchema.parse(await json(await resume(agent01, attempt.id))).deadline_at).toBe(plus(attempt.deadline_at!, PAUSE_CREDIT_CAP_MS));
    }));

  it('is refused when prompts cannot come: continual authentication off, untimed, past the deadline, more often than the interval; another learner gets 404', async () => {
    const courseId = await course('No pause', [uid01]);
    const timed = await createQuiz(ctx.database.db, { courseId, timeLimitMinutes: 10, passMark: 1 }, QUESTIONS);
    const attempt = await startOk(agent01, timed.id);
    const saved = ctx.config.continualAuth;
    ctx.config.continualAuth = { ...saved, enabled: false };
    try {
      expect(await json(await pause(agent01, attempt.id), 409)).toMatchObject({ code: 'QuizPauseRefused', message: 'This attempt cannot be paused now.' });
    } finally {
      ctx.config.continualAuth = saved;
    }
    await withPrompts(async () => {
      expect(await json(await pause(agent02, attempt.id), 404)).toMatchObject({ status_code: 404 });
      expect((await resume(agent02, attempt.id)).status).toBe(404);
      expect((await pause(agent01, 'x1')).status).toBe(400);
      await json(await pause(agent01, attempt.id));
      await json(await resume(agent01, attempt.id));
      // One prompt per minimum interval (1 minute here): a second pause at once is refused.
      expect(await json(await pause(agent01, attempt.id), 409)).toMatchObject({ code: 'QuizPauseRefused' });
      await advance(MINUTE);
      await json(await pause(agent01, attempt.id));
      await json(await resume(agent01, attempt.id));
      // Within the grace after the deadline there is no time left to stop; after it, the attempt is the deadline's.
      await advance(9 * MINUTE + 10_000);
      expect(await json(await pause(agent01, attempt.id), 409)).toMatchObject({ code: 'QuizPauseRefused' });
      await advance(GRACE_SECONDS * 1000);
      expect(await json(await pause(agent01, attempt.id), 403)).toMatchObject({ code: 'QuizTimeUp' });

      const untimedCourse = await course('Untimed pause', [uid01]);
      const untimed = await createQuiz(ctx.database.db, { courseId: untimedCourse, passMark: 1 }, QUESTIONS);
      const open = await startOk(agent01, untimed.id);
      expect(await json(await pause(agent01, open.id), 409)).toMatchObject({ code: 'QuizPauseRefused' });
      await json(await submit(agent01, open.id));
      expect(await json(await pause(agent01, open.id), 403)).toMatchObject({ code: 'QuizSubmitted' });
    });
  });
});
