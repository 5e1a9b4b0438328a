import { useTranslation } from 'react-i18next';
import type { OfflineSessionCodes } from '../../api/schemas/offline-trainer.schema';
import { languageHeaderValue } from '../../config/constants';
import { LoadingOverlay } from '../layout/loading-overlay';
import { Button } from '../primitives/button';
import './offline-trainer-view.css';

export type OfflineTrainerViewModel =
  | { status: 'loading' }
  | { status: 'failed'; message: string | null }
  | { status: 'shown'; codes: OfflineSessionCodes; checkInLink: string; checkOutLink: string };

export interface OfflineTrainerViewProps {
  view: OfflineTrainerViewModel;
  onRetry: () => void;
}

/** The trainer's screen: a session's check-in and check-out codes, large, with the course and the window. */
export function OfflineTrainerView({ view, onRetry }: OfflineTrainerViewProps) {
  const { t, i18n } = useTranslation();
  const when = new Intl.DateTimeFormat(languageHeaderValue(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  if (view.status === 'loading') return <LoadingOverlay text={t('common:loading')} />;
  if (view.status === 'failed') {
    return (
      <section className="offline-trainer" role="alert">
        <p>{view.message ?? t('offline:load_failed')}</p>
        <Button onClick={onRetry}>{t('offline:retry')}</Button>
      </section>
    );
  }
  const c = view.codes;
  return (
    <section className="offline-trainer" aria-labelledby="offline-trainer-title">
      <header>
        <p className="offline-trainer__course">{c.course_title}</p>
        <h1 id="offline-trainer-title">{t('offline:trainer_title', { session: c.session_title })}</h1>
        <p>
          {c.venue} · {when.format(new Date(c.starts_at))} – {when.format(new Date(c.ends_at))}
        </p>
        <p className="offline-trainer__window">{t('offline:trainer_window', { from: when.format(new Date(c.window_opens_at)), to: when.format(new Date(c.window_closes_at)) })}</p>
      </header>
      <div className="offline-trainer__codes">
        <figure className="offline-trainer__code">
          <figcaption>{t('offline:check_in_code')}</figcaption>
          <output data-testid="trainer-check-in-code">{c.check_in_code}</output>
          <a href={view.checkInLink}>{t('offline:trainer_link')}</a>
        </figure>
        <figure className="offline-trainer__code">
          <figcaption>{t('offline:check_out_code')}</figcaption>
          <output data-testid="trainer-check-out-code">{c.check_out_code}</output>
          <a href={view.checkOutLink}>{t('offline:trainer_link')}</a>
        </figure>
      </div>
    </section>
  );
}
