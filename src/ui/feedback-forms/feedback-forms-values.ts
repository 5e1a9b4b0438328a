import { z } from 'zod/mini';
import { EVALUATION_CRITERIA, FEEDBACK_TEXT_MAX, type FeedbackAnswer, type FeedbackQuestion } from '../../api/schemas/feedback-forms.schema';
import type { FeedbackFormPayload } from '../../machines/feedback-forms/feedback-forms.machine';

// The form's fields as react-hook-form keeps them (radio groups and text areas hold strings), the
// zod schema that checks them before anything is sent (the server checks the same rules, ADR 026),
// and the payload they become.

/** `content`, `presenter`, `usefulness` and `comment`, then `q<id>` per question. */
export type FeedbackFormValues = Record<string, string | null>;

export const answerField = (question: FeedbackQuestion) => `q${question.id}`;

const star = z.string({ error: 'feedback-forms:rating_required' }).check(z.regex(/^[1-5]$/, { error: 'feedback-forms:rating_required' }));
const longText = z.string().check(z.maxLength(FEEDBACK_TEXT_MAX, { error: 'feedback-forms:too_long' }));
const optional = <S extends z.ZodMiniType>(schema: S) => z.optional(z.nullable(schema));

function answerSchema(q: FeedbackQuestion) {
  if (q.kind === 'rating') return q.required ? star : optional(z.string());
  if (q.kind === 'single_choice') {
    const choice = z.string({ error: 'feedback-forms:answer_required' }).check(z.minLength(1, { error: 'feedback-forms:answer_required' }));
    return q.required ? choice : optional(z.string());
  }
  return q.required
    ? longText.check(z.refine((v: string) => v.trim().length > 0, { error: 'feedback-forms:answer_required' }))
    : optional(longText);
}

export function feedbackValuesSchema(questions: FeedbackQuestion[]) {
  return z.object({
    ...Object.fromEntries(EVALUATION_CRITERIA.map((c) => [c, star])),
    comment: optional(longText),
    ...Object.fromEntries(questions.map((q) => [answerField(q), answerSchema(q)])),
  }) as unknown as z.ZodMiniType<FeedbackFormValues, FeedbackFormValues>;
}

export function emptyValues(questions: FeedbackQuestion[]): FeedbackFormValues {
  return Object.fromEntries([...EVALUATION_CRITERIA, 'comment', ...questions.map(answerField)].map((name) => [name, name === 'comment' || name.startsWith('q') ? '' : null]));
}

/** The checked values as the contract's payload: unanswered optional questions are left out. */
export function toPayload(values: FeedbackFormValues, questions: FeedbackQuestion[]): FeedbackFormPayload {
  const comment = (values.comment ?? '').trim();
  const answers: FeedbackAnswer[] = [];
  for (const q of questions) {
    const value = (values[answerField(q)] ?? '').trim();
    if (!value) continue;
    if (q.kind === 'rating') answers.push({ question_id: q.id, rating: Number(value) });
    else if (q.kind === 'single_choice') answers.push({ question_id: q.id, option_id: value });
    else answers.push({ question_id: q.id, text: value });
  }
  return {
    evaluation: {
      content: Number(values.content),
      presenter: Number(values.presenter),
      usefulness: Number(values.usefulness),
      ...(comment ? { comment } : {}),
    },
    answers,
  };
}
