import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CpdVerification } from '../../api/schemas/cpd-statement.schema';
import type { CpdStatementViewModel } from '../../machines/cpd-statement/cpd-statement.selectors';
import { hoursText } from '../cpd-ledger/cpd-format';
import { formatCalendarDay, formatDateTime } from '../format/date-format';
import { Button } from '../primitives/button';
import './cpd-verify.css';

export interface CpdVerifyViewProps {
  view: CpdStatementViewModel;
  onEdit: (code: string) => void;
  onSubmit: () => void;
  onRetry: () => void;
}

/** /verify/:code? (issue 45, public): a form for the code printed on a CPD paper, and the server's answer. */
export function CpdVerifyView({ view, onEdit, onSubmit, onRetry }: CpdVerifyViewProps) {
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (view.canSubmit) onSubmit();
  };
  return (
    <section className="cpd-verify" aria-labelledby="cpd-verify-title">
      <h1 id="cpd-verify-title">{t('cpd-statement:title')}</h1>
      <p>{t('cpd-statement:intro')}</p>
      <form className="cpd-verify__form" onSubmit={submit} noValidate>
        <label htmlFor="cpd-verify-code">{t('cpd-statement:code_label')}</label>
        <input
          id="cpd-verify-code"
          name="code"
          autoComplete="off"
          spellCheck={false}
          value={view.code}
          disabled={!view.canEdit}
          aria-describedby="cpd-verify-hint"
          aria-invalid={view.malformed || undefined}
          onChange={(e) => onEdit(e.target.value)}
          data-testid="cpd-verify-code"
        />
        <p id="cpd-verify-hint" className="cpd-verify__hint">
          {view.malformed ? t('cpd-statement:malformed') : t('cpd-statement:code_hint')}
        </p>
        <Button type="submit" disabled={!view.canSubmit} data-testid="cpd-verify-submit">
          {t('cpd-statement:submit')}
        </Button>
      </form>
      {view.status === 'checking' ? <p role="status">{t('cpd-statement:checking')}</p> : null}
      {view.status === 'genuine' && view.verification ? <Genuine verification={view.verification} code={view.checked} /> : null}
      {view.status === 'notGenuine' ? (
        <div role="alert" className="cpd-verify__result cpd-verify__result--no" data-testid="cpd-verify-result" data-result="not-genuine">
          <h2>{t('cpd-statement:not_genuine')}</h2>
          <p>{t('cpd-statement:not_genuine_text', { code: view.checked })}</p>
        </div>
      ) : null}
      {view.status === 'failed' ? (
        <div role="alert" className="cpd-verify__result">
          <p>{view.failure?.kind === 'server' ? view.failure.message : t('cpd-statement:failed')}</p>
          {view.canRetry ? <Button onClick={onRetry}>{t('cpd-statement:retry')}</Button> : null}
        </div>
      ) : null}
    </section>
  );
}

function Genuine({ verification: v, code }: { verification: CpdVerification; code: string | null }) {
  const { t, i18n } = useTranslation();
  const hours = (minutes: number) => hoursText(t, 'cpd-statement:hours', minutes);
  return (
    <div role="status" className="cpd-verify__result cpd-verify__result--yes" data-testid="cpd-verify-result" data-result="genuine">
      <h2>{t('cpd-statement:genuine')}</h2>
      <p>{v.kind === 'statement' ? t('cpd-statement:genuine_statement') : t('cpd-statement:genuine_certificate')}</p>
      <ul>
        <li data-testid="cpd-verify-person">{t('cpd-statement:person', { name: v.person.name, agentCode: v.person.agent_code })}</li>
        {v.statement ? (
          <>
            <li>{t('cpd-statement:period', { from: formatCalendarDay(v.statement.starts_on, i18n.language), to: formatCalendarDay(v.statement.ends_on, i18n.language) })}</li>
            <li>{t('cpd-statement:totals', { hours: hours(v.statement.minutes), target: hours(v.statement.target_minutes) })}</li>
            <li>{t('cpd-statement:totals_er', { hours: hours(v.statement.ethics_minutes), target: hours(v.statement.target_ethics_minutes) })}</li>
          </>
        ) : null}
        {v.certificate ? (
          <>
            <li>{t('cpd-statement:course', { title: v.certificate.title })}</li>
            {v.certificate.reference ? <li>{t('cpd-statement:reference', { reference: v.certificate.reference })}</li> : null}
            <li>{t('cpd-statement:course_hours', { hours: hours(v.certificate.minutes) })}</li>
            <li>{v.certificate.ethics_or_regulations ? t('cpd-statement:counts_er') : t('cpd-statement:not_er')}</li>
            <li>{t('cpd-statement:completed', { date: formatDateTime(v.certificate.completed_at, i18n.language) })}</li>
          </>
        ) : null}
        <li>{t('cpd-statement:issued', { date: formatDateTime(v.issued_at, i18n.language) })}</li>
        {code ? <li>{t('cpd-statement:code_checked', { code })}</li> : null}
      </ul>
    </div>
  );
}
