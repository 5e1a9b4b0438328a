import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { HEADER } from '../../src/config/constants';
import { feedbackFormSchema, feedbackReceiptSchema, type FeedbackForm, type FeedbackSubmission } from '../../src/api/schemas/feedback-forms.schema';
import { courses, feedbackResponses, users } from '../db/schema';
import { createTestContext, type TestContext } from '../test-support';

// Issue 13, ADR 026: evaluation and the feedback form, on the demo content (agent01 has completed
// "aml" with nothing submitted and "ilas" (ids.privacy) with its feedback submitted; agent02 "medical" (ids.complaints)).

let ctx: TestContext;
let agent01: string;
let agent02: string;
let agent03: string;
const ids: Record<string, number> = {};
const userIds: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  agent01 = await ctx.login('agent01', 'Learner2026');
  agent02 = await ctx.login('agent02', 'Learner2026');
  agent03 = await ctx.login('agent03', 'Learner2026');
  const rows = await ctx.database.db.select({ id: courses.id, title: courses.title }).from(courses);
  const byTitle = (en: string) => rows.find((r) => r.title.en === en)!.id;
  ids.aml = byTitle('Anti-Money Laundering Essentials');
  ids.ethics = byTitle('Insurance Ethics and Compliance');
  ids.privacy = byTitle('Investment-Linked Assurance Schemes: The Basics');
  ids.complaints = byTitle('Medical and Critical Illness Cover');
  for (const u of await ctx.database.db.select({ id: users.id, code: users.externalId }).from(users)) userIds[u.code] = u.id;
}, 90_000);
afterAll(() => ctx?.close());

const path = (courseId: number | string) => `/api/courses/${courseId}/feedback-form`;
const getForm = (token: string, courseId: number | string, lang?: string) => ctx.request(path(courseId), { token, headers: lang ? { [HEADER.language]: lang } : {} });
async function form(token: string, courseId: number, lang?: string): Promise<FeedbackForm> {
  const res = await getForm(token, courseId, lang);
  expect(res.status).toBe(200);
  return feedbackFormSchema.parse(await res.json());
}
/** The XSRF cookie is bound to the session: a GET as this learner first gets theirs. */
async function post(token: string, courseId: number | string, json: unknown, lang?: string) {
  await ctx.request('/api/app-config', { token });
  return ctx.request(path(courseId), { method: 'POST', token, json, headers: lang ? { [HEADER.language]: lang } : {} });
}

/** A complete, valid submission for the demo form (rating, required choice, optional choice, text). */
function valid(f: FeedbackForm, key = 'key-0000-0001'): FeedbackSubmission {
  const [rating, length, recommend, text] = f.questions;
  return {
    key,
    evaluation: { content: 5, presenter: 4, usefulness: 3, comment: 'Good.' },
    answers: [
      { question_id: rating.id, rating: 4 },
      { question_id: length.id, option_id: length.options[1].id },
      { question_id: recommend.id, option_id: recommend.options[0].id },
      { question_id: text.id, text: 'More examples, please.' },
    ],
  };
}
const rowsOf = (user: string, courseId: number) =>
  ctx.database.db.select().from(feedbackResponses).where(and(eq(feedbackResponses.userId, userIds[user]), eq(feedbackResponses.courseId, courseId)));
const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message;

describe('GET /api/courses/{id}/feedback-form', () => {
  it('offers the form of a completed course, in the request’s language', async () => {
    const en = await form(agent01, ids.aml);
    expect(en).toMatchObject({ course_id: String(ids.aml), availability: 'available', submitted_at: null });
    expect(en.questions.map((q) => [q.kind, q.required])).toEqual([
      ['rating', true],
      ['single_choice', true],
      ['single_choice', false],
      ['text', false],
    ]);
    expect(en.questions[1].options.map((o) => o.text)).toEqual(['Less than expected', 'About as expected', 'More than expected']);
    expect((await form(agent01, ids.aml, 'zh-HK')).questions[0].text).toBe('課程在多大程度上達到其目標？');
    expect((await form(agent01, ids.aml, 'zh-CN')).questions[0].text).toBe('课程在多大程度上达到其目标？');
  });

  it('says course_incomplete (and no questions) before completion, and submitted after', async () => {
    expect(await form(agent01, ids.ethics)).toEqual({ course_id: String(ids.ethics), availability: 'course_incomplete', questions: [], submitted_at: null });
    const privacy = await form(agent01, ids.privacy);
    expect(privacy).toMatchObject({ availability: 'submitted', questions: [] });
    expect(Date.parse(privacy.submitted_at!)).toBeLessThan(Date.now());
  });

  it('answers the caller’s own standing only', async () => {
    // agent01 submitted privacy; agent03 (not completed there) and agent02 see their own standing.
    expect((await form(agent03, ids.privacy)).availability).toBe('course_incomplete');
    expect((await form(agent02, ids.privacy)).availability).toBe('course_incomplete');
  });

  it('refuses an unknown course (404), a bad id (400) and a caller without a token (401)', async () => {
    expect((await getForm(agent01, 999999)).status).toBe(404);
    expect((await getForm(agent01, 'abc')).status).toBe(400);
    expect((await ctx.request(path(ids.aml))).status).toBe(401);
  });
});

describe('POST /api/courses/{id}/feedback-form: bad input answers a clear 4xx and stores nothing', () => {
  let f: FeedbackForm;
  beforeAll(async () => {
    f = await form(agent02, ids.complaints);
  });

  it.each([
    ['a missing evaluation rating', (s: FeedbackSubmission) => ({ ...s, evaluation: { content: 5, presenter: 4 } }), 'Please give a rating from 1 to 5 stars.'],
    ['an evaluation rating of 0', (s: FeedbackSubmission) => ({ ...s, evaluation: { ...s.evaluation, content: 0 } }), 'Please give a rating from 1 to 5 stars.'],
    ['an evaluation rating of 6', (s: FeedbackSubmission) => ({ ...s, evaluation: { ...s.evaluation, usefulness: 6 } }), 'Please give a rating from 1 to 5 stars.'],
    ['a rating of 4.5', (s: FeedbackSubmission) => ({ ...s, evaluation: { ...s.evaluation, presenter: 4.5 } }), 'Please give a rating from 1 to 5 stars.'],
    ['a question rated 9', (s: FeedbackSubmission) => ({ ...s, answers: s.answers.map((a) => (a.rating ? { ...a, rating: 9 } : a)) }), 'Please give a rating from 1 to 5 stars.'],
    ['a comment too long', (s: FeedbackSubmission) => ({ ...s, evaluation: { ...s.evaluation, comment: 'x'.repeat(2001) } }), 'The text is too long.'],
    ['a text answer with NUL', (s: FeedbackSubmission) => ({ ...s, answers: s.answers.map((a) => (a.text ? { ...a, text: 'a\u0000b' } : a)) }), 'The text contains a character that is not allowed (NUL).'],
    ['a missing key', (s: FeedbackSubmission) => ({ ...s, key: undefined }), 'The form’s submission key is not valid. Please reload the page.'],
    ['a bad key', (s: FeedbackSubmission) => ({ ...s, key: 'no spaces allowed' }), 'The form’s submission key is not valid. Please reload the page.'],
    ['a missing required answer', (s: FeedbackSubmission) => ({ ...s, answers: s.answers.slice(1) }), 'Please answer every required question.'],
    ['only the rating answered (the required choice missing)', (s: FeedbackSubmission) => ({ ...s, answers: [s.answers[0]] }), 'Please answer every required question.'],
    ['an unknown option', (s: FeedbackSubmission) => ({ ...s, answers: s.answers.map((a) => (a.option_id ? { ...a, option_id: '99' } : a)) }), 'An answer is a choice that this question does not offer.'],
    ['an unknown question', (s: FeedbackSubmission) => ({ ...s, answers: [...s.answers, { question_id: '999999', rating: 3 }] }), 'An answer is for a question that is not on this form.'],
    ['a rating given to a choice question', (s: FeedbackSubmission) => ({ ...s, answers: s.answers.map((a) => (a.option_id ? { question_id: a.question_id, rating: 3 } : a)) }), 'An answer does not fit its question, or a question is answered twice.'],
    ['two fields in one answer', (s: FeedbackSubmission) => ({ ...s, answers: s.answers.map((a) => (a.rating ? { ...a, text: 'also' } : a)) }), 'An answer does not fit its question, or a question is answered twice.'],
    ['a question answered twice', (s: FeedbackSubmission) => ({ ...s, answers: [...s.answers, s.answers[0]] }), 'An answer does not fit its question, or a question is answered twice.'],
    ['too many answers', (s: FeedbackSubmission) => ({ ...s, answers: Array.from({ length: 101 }, () => s.answers[0]) }), 'There are too many answers.'],
  ])('%s → 400', async (_name, change, message) => {
    const courseId = ids.complaints;
    const res = await post(agent02, courseId, change(valid(f)));
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe(message);
    expect(await rowsOf('agent02', courseId)).toHaveLength(0);
  });

  it('translates the refusal (zh-HK, zh-CN)', async () => {
    const courseId = ids.complaints;
    const broken = { ...valid(f), answers: [] };
    expect(await messageOf(await post(agent02, courseId, broken, 'zh-HK'))).toBe('請回答所有必答題。');
    expect(await messageOf(await post(agent02, courseId, broken, 'zh-CN'))).toBe('请回答所有必答题。');
  });

  it('refuses before completion (403, translated), an unknown course (404), no token (401)', async () => {
    const res = await post(agent01, ids.ethics, valid(f));
    expect(res.status).toBe(403);
    expect(await messageOf(res)).toBe('Evaluation and the feedback form open once you have completed the course.');
    expect(await rowsOf('agent01', ids.ethics)).toHaveLength(0);
    expect((await post(agent01, 999999, valid(f))).status).toBe(404);
    expect((await ctx.request(path(ids.aml), { method: 'POST', json: valid(f) })).status).toBe(401);
  });
});

describe('POST /api/courses/{id}/feedback-form: only once', () => {
  it('stores one row for a double click (same key, at once) and answers both with the same receipt', async () => {
    const f = await form(agent01, ids.aml);
    const submission = valid(f, 'double-click-0001');
    const [a, b] = await Promise.all([post(agent01, ids.aml, submission), post(agent01, ids.aml, submission)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [ra, rb] = [feedbackReceiptSchema.parse(await a.json()), feedbackReceiptSchema.parse(await b.json())];
    expect(ra).toEqual(rb);
    const rows = await rowsOf('agent01', ids.aml);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ key: 'double-click-0001', ratingContent: 5, ratingPresenter: 4, ratingUsefulness: 3, comment: 'Good.' });
    expect(rows[0].answers).toHaveLength(4);
    expect(await form(agent01, ids.aml)).toMatchObject({ availability: 'submitted', submitted_at: ra.submitted_at });
  });

  it('refuses a later submission with another key (refresh, Back and resubmit) with 409, translated; the row is unchanged', async () => {
    const again = await post(agent01, ids.aml, { key: 'another-key-0002', evaluation: { content: 1, presenter: 1, usefulness: 1 }, answers: [] });
    expect(again.status).toBe(409);
    expect(await messageOf(again)).toBe('You have already submitted the evaluation and feedback for this course.');
    const zh = await post(agent01, ids.aml, { key: 'another-key-0003', evaluation: { content: 1, presenter: 1, usefulness: 1 }, answers: [] }, 'zh-HK');
    expect(await messageOf(zh)).toBe('你已提交此課程的評價及意見。');
    const rows = await rowsOf('agent01', ids.aml);
    expect(rows).toHaveLength(1);
    expect(rows[0].ratingContent).toBe(5);
  });

  it('two different keys at once: one is stored, the other refused with 409', async () => {
    const courseId = ids.complaints;
    const f = await form(agent02, courseId);
    const results = await Promise.all([post(agent02, courseId, valid(f, 'tab-one-0001')), post(agent02, courseId, valid(f, 'tab-two-0002'))]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await rowsOf('agent02', courseId)).toHaveLength(1);
  });

  it('the database itself holds one row per learner and course', async () => {
    await expect(
      ctx.database.db.insert(feedbackResponses).values({ userId: userIds.agent01, courseId: ids.aml, key: 'direct-insert', ratingContent: 3, ratingPresenter: 3, ratingUsefulness: 3, answers: [], submittedAt: new Date() }),
    ).rejects.toThrow();
    await expect(
      ctx.database.db.insert(feedbackResponses).values({ userId: userIds.agent03, courseId: ids.aml, key: 'direct-insert', ratingContent: 6, ratingPresenter: 3, ratingUsefulness: 3, answers: [], submittedAt: new Date() }),
    ).rejects.toThrow();
    expect(await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(feedbackResponses).where(eq(feedbackResponses.courseId, ids.aml))).toEqual([{ n: 1 }]);
  });
});
