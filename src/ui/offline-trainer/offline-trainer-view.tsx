import { useTranslation } from 'react-i18next';
import type { OfflineSessionCodes } from '../../api/schemas/offline-trainer.schema';
import { languageHeaderValue } from '../../config/constants';
import { LoadingOverlay } from '../layout/loading-overlay';
import { Button } from '../primitives/button';
import './offline-trainer-view.css';

export type OfflineTrainerViewModel =
  | { status: 'loading' }
  | { status: 'failed'; message: string | null }
  | {
      status: 'shown';
      codes: OfflineSessionCodes;
      checkInLink: string;
      checkOutLink: string;
      /** The links' QR codes (SVG text), null while drawn. */
      checkInQr: string | null;
      checkOutQr: string | null;
      /** "New codes" is on its way. */
      rotating: boolean;
      /** A refresh or a rotation failed (the codes shown are kept): its translated message. */
      problem: string | null;
    };

export interface OfflineTrainerViewProps {
  view: OfflineTrainerViewModel;
  onRetry: () => void;
  onRotate: () => void;
}

const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** The trainer's screen: a session's check-in and check-out codes, large, with their QR codes, the course and the window. */
export function OfflineTrainerView({ view, onRetry, onRotate }: OfflineTrainerViewProps) {
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
      <p className="offline-trainer__rotation">{t('offline:trainer_rotation')}</p>
      {view.problem ? (
        <p className="offline-trainer__problem" role="alert">
          {view.problem}
        </p>
      ) : null}
      <div className="offline-trainer__codes">
        {(
          [
            ['in', t('offline:check_in_code'), c.check_in_code, view.checkInLink, view.checkInQr],
            ['out', t('offline:check_out_code'), c.check_out_code, view.checkOutLink, view.checkOutQr],
          ] as const
        ).map(([kind, label, code, link, qr]) => (
          <figure key={kind} className="offline-trainer__code">
            <figcaption>{label}</figcaption>
            <output data-testid={`trainer-check-${kind}-code`} aria-live="polite">
              {code}
            </output>
            {qr ? (
              <img className="offline-trainer__qr" data-testid={`trainer-check-${kind}-qr`} src={svgDataUrl(qr)} alt={t('offline:trainer_qr_alt', { label })} />
            ) : (
              <span className="offline-trainer__qr" aria-hidden="true" />
            )}
            <a href={link}>{t('offline:trainer_link')}</a>
          </figure>
        ))}
      </div>
      <div className="offline-trainer__actions">
        <Button onClick={onRotate} disabled={view.rotating}>
          {t('offline:trainer_rotate')}
        </Button>
        <p>{t('offline:trainer_rotate_hint')}</p>
      </div>
    </section>
  );
}
