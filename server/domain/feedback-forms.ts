import { and, asc, eq } from 'drizzle-orm';
import type { FeedbackAnswer, FeedbackForm, FeedbackQuestion, FeedbackSubmission } from '../../src/api/schemas/feedback-forms.schema';
import type { Language } from '../../src/config/constants';
import { feedbackQuestions, feedbackResponses, type StoredFeedbackAnswer } from '../db/schema';
import type { ServerMessageKey } from '../i18n/messages';
import { isCourseCompleted, localize, type Tx } from './courses';

// Issue 13, ADR 026: evaluation and the feedback form of a completed course, submitted once.

type QuestionRow = typeof feedbackQuestions.$inferSelect;

/** The course's questions in their order. */
export async function questionsOf(db: Tx, courseId: number): Promise<QuestionRow[]> {
  return db.select().from(feedbackQuestions).where(eq(feedbackQuestions.courseId, courseId)).orderBy(asc(feedbackQuestions.position), asc(feedbackQuestions.id));
}

export function questionView(q: QuestionRow, lang: Language): FeedbackQuestion {
  return {
    id: String(q.id),
    kind: q.kind,
    text: localize(q.text, lang),
    required: q.required,
    options: q.kind === 'single_choice' ? q.options.map((o) => ({ id: o.id, text: localize(o.text, lang) })) : [],
  };
}

async function responseOf(db: Tx, userId: number, courseId: number) {
  const [row] = await db
    .select({ key: feedbackResponses.key, submittedAt: feedbackResponses.submittedAt })
    .from(feedbackResponses)
    .where(and(eq(feedbackResponses.userId, userId), eq(feedbackResponses.courseId, courseId)));
  return row;
}

/** GET courses/{id}/feedback-form for the caller (the course is known to be published). */
export async function feedbackFormFor(db: Tx, userId: number, courseId: number, lang: Language): Promise<FeedbackForm> {
  const base = { course_id: String(courseId) };
  const response = await responseOf(db, userId, courseId);
  if (response) return { ...base, availability: 'submitted', questions: [], submitted_at: response.submittedAt.toISOString() };
  if (!(await isCourseCompleted(db, userId, courseId))) return { ...base, availability: 'course_incomplete', questions: [], submitted_at: null };
  return { ...base, availability: 'available', questions: (await questionsOf(db, courseId)).map((q) => questionView(q, lang)), submitted_at: null };
}

export type AnswersCheck = { ok: true; answers: StoredFeedbackAnswer[] } | { ok: false; key: ServerMessageKey };

/**
 * The answers against the form (pure): each names a question of this course at most once, carries
 * exactly the field its kind takes (rating / option_id / text), a choice the question offers, and
 * every required question has a non-blank answer. A blank text of an optional question is dropped.
 */
export function checkAnswers(questions: QuestionRow[], answers: FeedbackAnswer[]): AnswersCheck {
  const byId = new Map(questions.map((q) => [String(q.id), q]));
  const seen = new Set<string>();
  const stored: StoredFeedbackAnswer[] = [];
  for (const a of answers) {
    const q = byId.get(a.question_id);
    if (!q) return { ok: false, key: 'server:feedback_unknown_question' };
    if (seen.has(a.question_id)) return { ok: false, key: 'server:feedback_answer_mismatch' };
    seen.add(a.question_id);
    const given = [a.rating !== undefined, a.option_id !== undefined, a.text !== undefined].filter(Boolean).length;
    const fits = q.kind === 'rating' ? a.rating !== undefined : q.kind === 'single_choice' ? a.option_id !== undefined : a.text !== undefined;
    if (given !== 1 || !fits) return { ok: false, key: 'server:feedback_answer_mismatch' };
    if (q.kind === 'single_choice' && !q.options.some((o) => o.id === a.option_id)) return { ok: false, key: 'server:feedback_unknown_option' };
    if (q.kind === 'text') {
      const text = a.text!.trim();
      if (text) stored.push({ questionId: q.id, text });
      continue;
    }
    stored.push(q.kind === 'rating' ? { questionId: q.id, rating: a.rating } : { questionId: q.id, optionId: a.option_id });
  }
  const answered = new Set(stored.map((s) => s.questionId));
  if (questions.some((q) => q.required && !answered.has(q.id))) return { ok: false, key: 'server:feedback_answer_required' };
  return { ok: true, answers: stored };
}

export type SubmitOutcome =
  | { kind: 'stored'; submittedAt: Date }
  | { kind: 'refused'; status: 400 | 403 | 409; key: ServerMessageKey };

/**
 * POST courses/{id}/feedback-form: stores the evaluation and the answers once. The unique
 * (user, course) row decides between concurrent requests; the one that finds a row with its own
 * key is the same submission repeated (answered with the stored receipt), any other is refused.
 */
export async function submitFeedback(db: Tx, userId: number, courseId: number, submission: FeedbackSubmission, now: Date): Promise<SubmitOutcome> {
  const repeat = async (): Promise<SubmitOutcome | null> => {
    const existing = await responseOf(db, userId, courseId);
    if (!existing) return null;
    return existing.key === submission.key ? { kind: 'stored', submittedAt: existing.submittedAt } : { kind: 'refused', status: 409, key: 'server:feedback_already_submitted' };
  };
  const before = await repeat();
  if (before) return before;
  if (!(await isCourseCompleted(db, userId, courseId))) return { kind: 'refused', status: 403, key: 'server:feedback_course_incomplete' };
  const checked = checkAnswers(await questionsOf(db, courseId), submission.answers);
  if (!checked.ok) return { kind: 'refused', status: 400, key: checked.key };
  const { evaluation } = submission;
  const comment = evaluation.comment?.trim();
  const inserted = await db
    .insert(feedbackResponses)
    .values({
      userId,
      courseId,
      key: submission.key,
      ratingContent: evaluation.content,
      ratingPresenter: evaluation.presenter,
      ratingUsefulness: evaluation.usefulness,
      comment: comment ? comment : null,
      answers: checked.answers,
      submittedAt: now,
    })
    .onConflictDoNothing({ target: [feedbackResponses.userId, feedbackResponses.courseId] })
    .returning({ submittedAt: feedbackResponses.submittedAt });
  if (inserted.length > 0) return { kind: 'stored', submittedAt: inserted[0].submittedAt };
  // Another request of this learner stored first (in between): same key or not decides.
  return (await repeat())!;
}
