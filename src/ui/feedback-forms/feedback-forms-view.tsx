import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EVALUATION_CRITERIA, FEEDBACK_TEXT_MAX, type FeedbackQuestion } from '../../api/schemas/feedback-forms.schema';
import type { FeedbackFormPayload } from '../../machines/feedback-forms/feedback-forms.machine';
import type { FeedbackFormsViewModel } from '../../machines/feedback-forms/feedback-forms.selectors';
import { formatDate } from '../courses/format';
import { FormAlert, FormSuccess } from '../form/form-alert';
import { SubmitButton } from '../form/submit-button';
import { useSubmissionForm } from '../form/use-submission-form';
import { Button } from '../primitives/button';
import { StarRating } from './feedback-forms-stars';
import { answerField, emptyValues, feedbackValuesSchema, toPayload } from './feedback-forms-values';
import '../form/form.css';
import './feedback-forms.css';

export interface FeedbackFormsViewProps extends FeedbackFormsViewModel {
  onSubmit: (payload: FeedbackFormPayload) => void;
  onEdit: () => void;
  onRetry: () => void;
}

/** Evaluation and the feedback form of a completed course: props in, callbacks out (DESIGN §2). */
export function FeedbackFormsView(p: FeedbackFormsViewProps) {
  const { t, i18n } = useTranslation();
  const submittedOn = p.submittedAt ? <p>{t('feedback-forms:submitted_on', { date: formatDate(p.submittedAt, i18n.language) })}</p> : null;
  return (
    <section className="feedback-forms" aria-labelledby="feedback-forms-title" data-testid="feedback-forms">
      <h2 id="feedback-forms-title">{t('feedback-forms:title')}</h2>
      {p.status === 'loading' ? <p role="status">{t('feedback-forms:loading')}</p> : null}
      {p.status === 'loadFailed' ? (
        <div role="alert">
          <p>{p.failure?.kind === 'server' ? p.failure.message : t('feedback-forms:failed')}</p>
          {p.canRetry ? <Button onClick={p.onRetry}>{t('feedback-forms:retry')}</Button> : null}
        </div>
      ) : null}
      {p.status === 'notAvailable' ? <p data-testid="feedback-not-available">{t('feedback-forms:not_available')}</p> : null}
      {p.status === 'alreadySubmitted' ? (
        <div role="status" data-testid="feedback-already-submitted">
          <p>{p.refusal ?? t('feedback-forms:already_submitted')}</p>
          {submittedOn}
        </div>
      ) : null}
      {p.status === 'submitted' ? (
        <FormSuccess>
          <span data-testid="feedback-submitted">{t('feedback-forms:thanks')}</span>
        </FormSuccess>
      ) : null}
      {p.status === 'filling' || p.status === 'submitting' || p.status === 'failed' ? <FeedbackFormFields {...p} /> : null}
    </section>
  );
}

function FeedbackFormFields(p: FeedbackFormsViewProps) {
  const { t } = useTranslation();
  const { field, error, onSubmit } = useSubmissionForm(feedbackValuesSchema(p.questions), emptyValues(p.questions), {
    onSubmit: (values) => p.onSubmit(toPayload(values, p.questions)),
    onEdit: p.onEdit,
  });
  const commentId = useId();
  const commentError = error('comment');
  return (
    <form className="form-stack" onSubmit={onSubmit} noValidate aria-busy={p.busy || undefined}>
      <p>{t('feedback-forms:intro')}</p>
      <fieldset className="feedback-forms__group">
        <legend>{t('feedback-forms:evaluation')}</legend>
        {EVALUATION_CRITERIA.map((c) => (
          <StarRating key={c} legend={t(`feedback-forms:criterion.${c}`)} field={field(c)} error={error(c)} required />
        ))}
        <div className={`form-field${commentError ? ' form-field--invalid' : ''}`}>
          <label className="form-field__label" htmlFor={commentId}>
            {t('feedback-forms:comment')}
          </label>
          <textarea
            id={commentId}
            className="form-field__input"
            maxLength={FEEDBACK_TEXT_MAX}
            aria-invalid={commentError ? true : undefined}
            aria-describedby={commentError ? `${commentId}-error` : undefined}
            {...field('comment')}
          />
          {commentError ? (
            <p id={`${commentId}-error`} className="form-field__error" role="alert">
              {commentError}
            </p>
          ) : null}
        </div>
      </fieldset>
      {p.questions.length > 0 ? (
        <fieldset className="feedback-forms__group">
          <legend>{t('feedback-forms:feedback')}</legend>
          {p.questions.map((q) => (
            <Question key={q.id} question={q} field={field} error={error(answerField(q))} />
          ))}
        </fieldset>
      ) : null}
      <FormAlert failure={p.failure} genericText={t('feedback-forms:submit_failed')} />
      <SubmitButton busy={p.busy} label={t('feedback-forms:submit')} busyLabel={t('feedback-forms:submitting')} />
    </form>
  );
}

type Field = ReturnType<typeof useSubmissionForm>['field'];

function Question({ question: q, field, error }: { question: FeedbackQuestion; field: Field; error?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const name = answerField(q);
  if (q.kind === 'rating') return <StarRating legend={q.text} field={field(name)} error={error} required={q.required} />;
  const marker = <span className="feedback-question__required"> ({t(q.required ? 'feedback-forms:required' : 'feedback-forms:optional')})</span>;
  const errorText = error ? (
    <p id={`${id}-error`} className="form-field__error" role="alert">
      {error}
    </p>
  ) : null;
  if (q.kind === 'single_choice') {
    return (
      <fieldset className={`feedback-question${error ? ' feedback-question--invalid' : ''}`} aria-describedby={error ? `${id}-error` : undefined}>
        <legend className="feedback-question__legend">
          {q.text}
          {marker}
        </legend>
        {q.options.map((o) => (
          <label key={o.id} className="feedback-choice">
            <input type="radio" value={o.id} {...field(name)} />
            {o.text}
          </label>
        ))}
        {errorText}
      </fieldset>
    );
  }
  return (
    <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
      <label className="form-field__label" htmlFor={id}>
        {q.text}
        {marker}
      </label>
      <textarea
        id={id}
        className="form-field__input"
        maxLength={FEEDBACK_TEXT_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...field(name)}
      />
      {errorText}
    </div>
  );
}
