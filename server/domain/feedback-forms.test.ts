import { describe, expect, it } from 'vitest';
import { checkAnswers, questionView } from './feedback-forms';

// The answers against a form, without a database (the API test covers the same rules end to end).

const text = (en: string) => ({ en, zh: `${en} (zh)`, cn: '' });
const q = (id: number, kind: 'rating' | 'single_choice' | 'text', required: boolean, options: string[] = []) => ({
  id,
  courseId: 1,
  position: id,
  kind,
  text: text(`Q${id}`),
  required,
  options: options.map((o) => ({ id: o, text: text(`option ${o}`) })),
});
const form = [q(1, 'rating', true), q(2, 'single_choice', true, ['1', '2']), q(3, 'text', false), q(4, 'text', true)];

describe('feedback-forms domain: checkAnswers', () => {
  const ok = [
    { question_id: '1', rating: 5 },
    { question_id: '2', option_id: '2' },
    { question_id: '4', text: '  fine  ' },
  ];

  it('keeps the answers that fit, trimmed; a blank optional text is dropped', () => {
    expect(checkAnswers(form, [...ok, { question_id: '3', text: '   ' }])).toEqual({
      ok: true,
      answers: [{ questionId: 1, rating: 5 }, { questionId: 2, optionId: '2' }, { questionId: 4, text: 'fine' }],
    });
  });

  it.each([
    ['a required question unanswered', ok.slice(1), 'server:feedback_answer_required'],
    ['a required text that is blank', [...ok.slice(0, 2), { question_id: '4', text: ' ' }], 'server:feedback_answer_required'],
    ['a question of another form', [...ok, { question_id: '9', rating: 1 }], 'server:feedback_unknown_question'],
    ['an option not offered', [ok[0], { question_id: '2', option_id: '3' }, ok[2]], 'server:feedback_unknown_option'],
    ['the wrong field for the kind', [{ question_id: '1', text: 'five' }, ...ok.slice(1)], 'server:feedback_answer_mismatch'],
    ['two fields', [{ question_id: '1', rating: 5, option_id: '1' }, ...ok.slice(1)], 'server:feedback_answer_mismatch'],
    ['no field', [{ question_id: '1' }, ...ok.slice(1)], 'server:feedback_answer_mismatch'],
    ['a question twice', [...ok, ok[0]], 'server:feedback_answer_mismatch'],
  ])('refuses %s', (_name, answers, key) => {
    expect(checkAnswers(form, answers)).toEqual({ ok: false, key });
  });

  it('a form without questions takes no answers and needs none', () => {
    expect(checkAnswers([], [])).toEqual({ ok: true, answers: [] });
  });
});

describe('feedback-forms domain: questionView', () => {
  it('answers in the language asked, English when missing; options only for a choice', () => {
    expect(questionView(form[1], 'zh')).toEqual({ id: '2', kind: 'single_choice', text: 'Q2 (zh)', required: true, options: [{ id: '1', text: 'option 1 (zh)' }, { id: '2', text: 'option 2 (zh)' }] });
    expect(questionView(form[0], 'cn')).toEqual({ id: '1', kind: 'rating', text: 'Q1', required: true, options: [] });
  });
});
