import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examCertificateSchema } from '../../src/api/schemas/exam-certificate.schema';
import { attemptSchema } from '../../src/api/schemas/quizzes.schema';
import { HEADER } from '../../src/config/constants';
import { users } from '../db/schema';
import { createContentTestContext, createCourse, createDepartment, createLesson, createReadingItem, signIn, tri, type ContentTestContext, type Learner } from '../testing/content-factory';
import { completeReadings, createQuiz, userIdOf } from '../testing/quiz-factory';

// SPEC §3 certificate (ADR 025): the caller's own passed examination attempt has one; nobody else's,
// and no failed, unfinished or quiz attempt.

let ctx: ContentTestContext;
let agent01: Learner;
let agent02: Learner;
let uid01: number;
let department: number;

const json = async <T>(res: Response, status = 200): Promise<T> => {
  const body = await res.text();
  expect(res.status, body).toBe(status);
  return JSON.parse(body) as T;
};
const certificate = (who: Learner, attemptId: string, lang?: string) =>
  who.request(`/api/quiz_attempts/${attemptId}/certificate`, { headers: lang ? { [HEADER.language]: lang } : {} });

/** A completed course (CPD hours given) with a one-question quiz or exam (correct answer 'b', pass mark 1). */
async function quizOf(kind: 'exam' | 'quiz', cpdHours = 2.5) {
  const courseId = await createCourse(ctx.database.db, { departmentId: department, title: tri(`Ethics ${kind}`), publishedAt: new Date('2025-01-01T00:00:00Z'), cpdHours });
  const lesson = await createLesson(ctx.database.db, courseId, tri('Lesson'));
  await createReadingItem(ctx.database.db, { courseId, lessonId: lesson, title: tri('Reading'), requiredSeconds: 5 });
  await completeReadings(ctx.database.db, uid01, courseId, new Date(ctx.clock.now() - 3_600_000));
  const quiz = await createQuiz(ctx.database.db, { courseId, kind, title: `Ethics ${kind} paper`, passMark: 1, attemptsAllowed: null }, [{ kind: 'single', options: ['a', 'b'], correct: ['b'], points: 1 }]);
  return { courseId, quizId: quiz.id, questionId: quiz.questions[0] };
}

/** agent01 starts an attempt, answers, and (unless `open`) submits it: answers its id. */
async function attempt(quiz: { quizId: number; questionId: number }, answer: string, open = false): Promise<string> {
  const started = attemptSchema.parse(await json(await agent01.request(`/api/quizzes/${quiz.quizId}/attempts`, { method: 'POST' })));
  await json(await agent01.request(`/api/quiz_attempts/${started.id}/answers/${quiz.questionId}`, { method: 'PUT', json: { value: [answer], seq: 1 } }));
  if (!open) await json(await agent01.request(`/api/quiz_attempts/${started.id}/submit`, { method: 'POST' }));
  return started.id;
}

beforeAll(async () => {
  ctx = await createContentTestContext();
  // Exams start without an identity check here (that rule is quizzes.routes.test.ts's).
  ctx.config.continualAuth = { ...ctx.config.continualAuth, enabled: false };
  department = await createDepartment(ctx.database.db, tri('Compliance'));
  agent01 = await signIn(ctx, 'agent01');
  agent02 = await signIn(ctx, 'agent02');
  uid01 = await userIdOf(ctx.database.db, 'agent01');
});
afterAll(() => ctx?.close());

describe('GET /api/quiz_attempts/:id/certificate', () => {
  it('the owner of a passed examination attempt gets its certificate, titles in the request language', async () => {
    const exam = await quizOf('exam');
    const id = await attempt(exam, 'b');
    const [me] = await ctx.database.db.select({ name: users.name }).from(users).where(eq(users.id, uid01));
    const en = examCertificateSchema.parse(await json(await certificate(agent01, id)));
    const year = new Date(ctx.clock.now()).getUTCFullYear();
    expect(en).toEqual({
      certificate_number: `AA-${year}-${id.padStart(6, '0')}`,
      attempt_id: id,
      quiz_id: String(exam.quizId),
      course_id: String(exam.courseId),
      learner_name: me.name,
      agent_code: 'agent01',
      course_title: 'Ethics exam',
      exam_title: 'Ethics exam paper',
      score: 1,
      full_marks: 1,
      pass_mark: 1,
      completed_at: new Date(ctx.clock.now()).toISOString(),
      cpd_hours: 2.5,
    });
    const zh = examCertificateSchema.parse(await json(await certificate(agent01, id, 'zh')));
    expect([zh.course_title, zh.exam_title]).toEqual(['Ethics exam（繁）', 'Ethics exam paper（繁）']);
    const cn = examCertificateSchema.parse(await json(await certificate(agent01, id, 'cn')));
    expect(cn.exam_title).toBe('Ethics exam paper（简）');
    // Stable: the same number every time.
    expect(zh.certificate_number).toBe(en.certificate_number);
  });

  it('a course without CPD hours: cpd_hours is null', async () => {
    const exam = await quizOf('exam', 0);
    const id = await attempt(exam, 'b');
    expect(examCertificateSchema.parse(await json(await certificate(agent01, id))).cpd_hours).toBeNull();
  });

  it("another learner's attempt and a missing one: 404, translated, with none of the owner's data", async () => {
    const exam = await quizOf('exam');
    const id = await attempt(exam, 'b');
    const res = await certificate(agent02, id, 'zh');
    const body = await json<{ message: string }>(res, 404);
    expect(body.message).toBe('此作答記錄不存在。');
    expect(JSON.stringify(body)).not.toContain('agent01');
    expect((await json<{ message: string }>(await certificate(agent01, '99999999'), 404)).message).toBe('This attempt does not exist.');
  });

  it('a failed attempt, an unfinished one and a quiz (not an exam): 409 with the translated reason', async () => {
    const failedExam = await quizOf('exam');
    const failed = await json<{ message: string; code: string }>(await certificate(agent01, await attempt(failedExam, 'a'), 'cn'), 409);
    expect(failed).toMatchObject({ code: 'CertificateUnavailable', message: '此作答未合格：只有合格的考试才会发出证书。' });

    const openExam = await quizOf('exam');
    const open = await json<{ message: string }>(await certificate(agent01, await attempt(openExam, 'b', true)), 409);
    expect(open.message).toBe('This attempt is not finished yet: there is no certificate for it.');

    const quiz = await quizOf('quiz');
    const notExam = await json<{ message: string }>(await certificate(agent01, await attempt(quiz, 'b'), 'zh'), 409);
    expect(notExam.message).toBe('證書只發給考試，測驗不設證書。');
  });

  it('anonymous: 401', async () => {
    expect((await ctx.request('/api/quiz_attempts/1/certificate')).status).toBe(401);
  });
});

describe('GET /api/certificates (the profile page, ADR 060)', () => {
  type List = { data: { attempt_id: string; certificate_number: string; course_title: string; exam_title: string; completed_at: string; score: number; cpd_hours: number | null }[]; page: number; per_page: number; total: number };
  const list = async (who: Learner, query = '', lang?: string) => json<List>(await who.request(`/api/certificates${query}`, { headers: lang ? { [HEADER.language]: lang } : {} }));

  it('lists exactly the caller’s passed, finished examinations, newest first, paged by the server', async () => {
    const before = await list(agent01, '?per_page=50');
    const others = await list(agent02, '?per_page=50');
    const older = await attempt(await quizOf('exam'), 'b');
    ctx.clock.advance(60_000);
    await attempt(await quizOf('exam'), 'a'); // failed
    await attempt(await quizOf('exam'), 'b', true); // not finished
    await attempt(await quizOf('quiz'), 'b'); // a quiz has no certificate
    ctx.clock.advance(60_000);
    const newer = await attempt(await quizOf('exam', 0), 'b');

    const after = await list(agent01, '?per_page=50');
    expect(after.total).toBe(before.total + 2);
    expect(after.data.map((c) => c.attempt_id).slice(0, 2)).toEqual([newer, older]);
    expect(after.data[0]).toMatchObject({ course_title: 'Ethics exam', exam_title: 'Ethics exam paper', score: 1, cpd_hours: null, completed_at: new Date(ctx.clock.now()).toISOString() });
    expect(after.data[1].cpd_hours).toBe(2.5);
    // The same number as the certificate's own page.
    const one = examCertificateSchema.parse(await json(await certificate(agent01, older)));
    expect(after.data[1].certificate_number).toBe(one.certificate_number);
    // Titles in the request's language.
    expect((await list(agent01, '?per_page=1', 'zh')).data[0].exam_title).toBe('Ethics exam paper（繁）');
    // One per page: the second page holds the older one.
    const second = await list(agent01, '?page=2&per_page=1');
    expect(second).toMatchObject({ page: 2, per_page: 1, total: after.total });
    expect(second.data.map((c) => c.attempt_id)).toEqual([older]);
    // Nobody else's.
    const othersAfter = await list(agent02, '?per_page=50');
    expect(othersAfter.total).toBe(others.total);
    expect(othersAfter.data.map((c) => c.attempt_id)).not.toContain(older);
  });

  it('a bad page: 400 translated; anonymous: 401', async () => {
    const res = await agent01.request('/api/certificates?page=0', { headers: { [HEADER.language]: 'zh' } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/[\u4e00-\u9fff]/);
    expect((await ctx.request('/api/certificates')).status).toBe(401);
  });
});
