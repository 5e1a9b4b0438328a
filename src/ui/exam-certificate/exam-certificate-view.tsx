import { formatLongDate } from '../format/date-format';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ExamCertificate } from '../../api/schemas/exam-certificate.schema';
import { LoadingOverlay } from '../layout/loading-overlay';
import { Button } from '../primitives/button';
import { formatDate } from '../quiz/quiz-records';
import './exam-certificate.css';

/** What the certificate page shows (SPEC §3 certificate). */
export type ExamCertificateViewModel =
  | { status: 'loading' }
  | { status: 'shown'; certificate: ExamCertificate }
  /** No certificate for this attempt: the server's translated reason (not passed, not finished, not an exam). */
  | { status: 'refused'; message: string | null }
  /** The call failed: the API layer's translated message, or null for the view's own text. */
  | { status: 'failed'; message: string | null };

export interface ExamCertificateViewProps {
  view: ExamCertificateViewModel;
  /** Where Back leads: the quiz page with its records. */
  backTo: string;
  onPrint: () => void;
  onRetry: () => void;
}

const dateOnly = formatLongDate;

function Sheet({ certificate: c }: { certificate: ExamCertificate }) {
  const { t, i18n } = useTranslation();
  return (
    <article className="exam-certificate__sheet" aria-labelledby="exam-certificate-title" data-testid="exam-certificate">
      <p className="exam-certificate__brand">{t('quiz:certificate_brand')}</p>
      <h1 id="exam-certificate-title">{t('quiz:certificate_title')}</h1>
      <p className="exam-certificate__lead">{t('quiz:certificate_lead')}</p>
      <p className="exam-certificate__learner" data-testid="exam-certificate-learner">
        {c.learner_name} <span className="exam-certificate__code">({c.agent_code})</span>
      </p>
      <p>{t('quiz:certificate_passed')}</p>
      <h2 className="exam-certificate__exam">{c.exam_title}</h2>
      <p className="exam-certificate__course">{c.course_title}</p>
      <dl className="exam-certificate__facts">
        <div>
          <dt>{t('quiz:certificate_score')}</dt>
          <dd data-testid="exam-certificate-score">{t('quiz:certificate_score_value', { score: c.score, full: c.full_marks })}</dd>
        </div>
        <div>
          <dt>{t('quiz:certificate_pass_mark')}</dt>
          <dd>{c.pass_mark}</dd>
        </div>
        <div>
          <dt>{t('quiz:certificate_completed')}</dt>
          <dd>
            <time dateTime={c.completed_at} title={formatDate(c.completed_at, i18n.language)}>
              {dateOnly(c.completed_at, i18n.language)}
            </time>
          </dd>
        </div>
        {c.cpd_hours !== null ? (
          <div>
            <dt>{t('quiz:certificate_cpd')}</dt>
            <dd data-testid="exam-certificate-cpd">{t('quiz:certificate_cpd_value', { hours: c.cpd_hours, count: c.cpd_hours })}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('quiz:certificate_number')}</dt>
          <dd data-testid="exam-certificate-number">{c.certificate_number}</dd>
        </div>
      </dl>
    </article>
  );
}

/** The printable certificate of a passed examination: Print, Back, and the states around it. */
export function ExamCertificateView({ view, backTo, onPrint, onRetry }: ExamCertificateViewProps) {
  const { t } = useTranslation();
  if (view.status === 'loading') return <LoadingOverlay text={t('quiz:certificate_loading')} />;
  return (
    <section className="exam-certificate" aria-labelledby={view.status === 'shown' ? 'exam-certificate-title' : 'exam-certificate-problem'}>
      <nav className="exam-certificate__actions" aria-label={t('quiz:certificate_actions')}>
        <Link to={backTo}>{t('quiz:certificate_back')}</Link>
        {view.status === 'shown' ? (
          <Button variant="accent" onClick={onPrint} data-testid="exam-certificate-print">
            {t('quiz:certificate_print')}
          </Button>
        ) : null}
      </nav>
      {view.status === 'shown' ? (
        <Sheet certificate={view.certificate} />
      ) : (
        <div role="alert" data-testid="exam-certificate-problem">
          <h1 id="exam-certificate-problem">{t('quiz:certificate_unavailable')}</h1>
          <p>{view.message ?? t(view.status === 'refused' ? 'quiz:certificate_refused' : 'quiz:certificate_load_failed')}</p>
          {view.status === 'failed' ? <Button onClick={onRetry}>{t('quiz:retry')}</Button> : null}
        </div>
      )}
    </section>
  );
}
