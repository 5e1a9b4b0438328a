import { useTranslation } from 'react-i18next';
import type { QuestionView } from '../../machines/quiz-attempt/quiz-attempt.selectors';

export interface QuizQuestionProps {
  question: QuestionView;
  total: number;
  disabled: boolean;
  onChoose: (optionId: string) => void;
  onType: (text: string) => void;
  onBlur: () => void;
}

/** One question: radio buttons (single, true/false), checkboxes (multiple, with its maximum), or a
 * text field (short text, essay). Native controls in a fieldset: keyboard and screen readers work. */
export function QuizQuestion({ question: q, total, disabled, onChoose, onType, onBlur }: QuizQuestionProps) {
  const { t } = useTranslation();
  const name = `question-${q.id}`;
  const hint = q.kind === 'multiple' && q.maxChoices !== null ? t('quiz:max_choices', { count: q.maxChoices }) : null;
  const refusal = q.refusal ? (q.refusal.kind === 'max_choices' ? t('quiz:max_choices_exceeded', { count: q.maxChoices ?? 0 }) : (q.refusal.message ?? t('quiz:submit_failed'))) : null;
  return (
    <fieldset className="quiz-question" data-testid="quiz-question" data-question-id={q.id} disabled={disabled} aria-describedby={refusal ? `${name}-error` : undefined}>
      <legend>
        <span className="quiz-question__position">{t('quiz:question_of', { n: q.position, total })}</span>
        <span className="quiz-question__text">{q.text}</span>
        {q.required ? <span className="quiz-question__required"> ({t('quiz:required')})</span> : null}
      </legend>
      {hint ? <p className="quiz-question__hint">{hint}</p> : null}
      {q.kind === 'short_text' || q.kind === 'essay' ? (
        <label className="quiz-question__text-answer">
          <span className="visually-hidden">{t('quiz:your_answer')}</span>
          {q.kind === 'essay' ? (
            <textarea name={name} rows={8} value={q.text_value} onChange={(e) => onType(e.target.value)} onBlur={onBlur} data-testid="quiz-text-answer" />
          ) : (
            <input name={name} type="text" value={q.text_value} onChange={(e) => onType(e.target.value)} onBlur={onBlur} data-testid="quiz-text-answer" />
          )}
        </label>
      ) : (
        <ul className="quiz-question__options">
          {q.options.map((o) => (
            <li key={o.id}>
              <label>
                <input type={q.kind === 'multiple' ? 'checkbox' : 'radio'} name={name} value={o.id} checked={o.chosen} onChange={() => onChoose(o.id)} data-testid="quiz-option" />
                <span>{q.kind === 'true_false' && (o.id === 'true' || o.id === 'false') && !o.text ? t(`quiz:${o.id}`) : o.text}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {refusal ? (
        <p id={`${name}-error`} role="alert" className="quiz-question__error" data-testid="quiz-question-error">
          {refusal}
        </p>
      ) : null}
    </fieldset>
  );
}
