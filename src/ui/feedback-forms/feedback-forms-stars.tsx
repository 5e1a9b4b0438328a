import type { UseFormRegisterReturn } from 'react-hook-form';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** 1–5 stars as a radio group: arrow keys move between stars, a screen reader says "3 of 5 stars". */
export function StarRating({ legend, field, error, required }: { legend: string; field: UseFormRegisterReturn; error?: string; required?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className={`feedback-question${error ? ' feedback-question--invalid' : ''}`} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="feedback-question__legend">
        {legend}
        {required ? <span className="feedback-question__required"> ({t('feedback-forms:required')})</span> : null}
      </legend>
      <div className="feedback-stars">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="feedback-stars__star">
            <input type="radio" value={String(n)} className="feedback-stars__input" {...field} aria-label={t('feedback-forms:stars', { count: n })} />
            <span aria-hidden="true">★</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="form-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
