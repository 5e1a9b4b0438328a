import { FormDateInput } from '../primitives/date-input';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { learningHistoryPeriodFormSchema, type LearningHistory, type LearningHistoryPeriodForm } from '../../api/schemas/learning-history.schema';
import type { ExamCertificateList } from '../../api/schemas/exam-certificate.schema';
import type { MockExamStats } from '../../api/schemas/mock-exams.schema';
import type { CurrentUser } from '../../api/schemas/users.schema';
import type { PictureKind } from '../../machines/profile/profile.machine';
import { periodRange, type PeriodKind } from './period-range';
import { HistoryChart } from './history-chart';
import type { ProfileViewModel } from '../../machines/profile/profile.selectors';
import type { FailureView } from '../../machines/shared/submission-error';
import { AchievementsView } from '../achievements/achievements-view';
import { formatDate, formatNumber } from '../courses/format';
import { useSubmissionForm } from '../form/use-submission-form';
import { Button } from '../primitives/button';
import './profile.css';

export interface ProfileViewProps {
  view: ProfileViewModel;
  /** The signed-in user (name, agent code, pictures); null while it loads. */
  user: Pick<CurrentUser, 'name' | 'external_id' | 'icon_url' | 'cover_url'> | null;
  /** A period to read (empty: the server's default, this IA year). */
  onPeriod: (from: string, to: string) => void;
  onRetry: () => void;
  onPicture: (kind: PictureKind, file: File) => void;
  /** The next page of certificates. */
  onMoreCertificates: () => void;
}

/** The picture types the server takes (it checks the bytes, ADR 060). */
const PICTURE_TYPES = 'image/png,image/jpeg,image/webp';

/** /profile (SPEC §1: a profile with an icon, a cover picture, achievements and history). */
export function ProfileView({ view, user, onPeriod, onRetry, onPicture, onMoreCertificates }: ProfileViewProps) {
  const { t } = useTranslation();
  return (
    <section className="profile-view" aria-labelledby="profile-title" data-testid="profile-view">
      <PicturesCard view={view} user={user} onPicture={onPicture} />
      {view.status === 'loading' ? (
        <p className="profile-view__note" role="status">
          {t('profile:loading')}
        </p>
      ) : null}
      {view.status === 'failed' ? (
        <div className="profile-view__failed" role="alert">
          <p>{failureText(view.failure, t('profile:failed'))}</p>
          <Button onClick={onRetry}>{t('profile:retry')}</Button>
        </div>
      ) : null}
      {view.achievements ? <AchievementsView achievements={view.achievements} /> : null}
      {view.history ? <HistoryCard view={view} history={view.history} onPeriod={onPeriod} /> : null}
      {view.certificates ? <CertificatesCard list={view.certificates} more={view.moreCertificates} onMore={onMoreCertificates} /> : null}
      {view.stats ? <MockExamCard stats={view.stats} /> : null}
      <nav className="profile-view__links" aria-label={t('profile:links_label')}>
        <Link to="/setting/reset-password">{t('profile:change_password')}</Link>
        <Link to="/profile/identity-checks">{t('continual-auth:history_link')}</Link>
        <Link to="/notification">{t('profile:notifications')}</Link>
      </nav>
    </section>
  );
}

function failureText(failure: FailureView, generic: string): string {
  return failure?.kind === 'server' ? failure.message : generic;
}

function PicturesCard({ view, user, onPicture }: Pick<ProfileViewProps, 'view' | 'user' | 'onPicture'>) {
  const { t } = useTranslation();
  const name = user?.name ?? '';
  const picked = (kind: PictureKind) => (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // Cleared, so choosing the same file again (after a failure) still reports a change.
    e.target.value = '';
    if (file) onPicture(kind, file);
  };
  const chooser = (kind: PictureKind) => {
    const disabled = !view.canChoosePicture;
    return (
      <label className={`btn btn--secondary profile-view__choose${disabled ? ' profile-view__choose--disabled' : ''}`} data-testid={`choose-${kind}`}>
        {view.uploading === kind ? t('profile:sending') : t(`profile:change_${kind}`)}
        <input type="file" accept={PICTURE_TYPES} className="visually-hidden" disabled={disabled} aria-busy={view.uploading === kind} onChange={picked(kind)} />
      </label>
    );
  };
  return (
    <div className="profile-view__card profile-view__identity">
      <div className="profile-view__cover">
        {user ? <img src={user.cover_url} alt={t('profile:cover_alt', { name })} data-testid="profile-cover" /> : null}
      </div>
      <div className="profile-view__who">
        {user ? <img className="profile-view__icon" src={user.icon_url} alt={t('profile:icon_alt', { name })} width={96} height={96} data-testid="profile-icon" /> : null}
        <div>
          <h1 id="profile-title">{name || t('profile:title')}</h1>
          {user ? <p className="profile-view__code">{t('profile:agent_code', { code: user.external_id })}</p> : null}
        </div>
      </div>
      {view.status === 'loaded' ? (
        <div className="profile-view__pictures">
          {chooser('icon')}
          {chooser('cover')}
          <p className="profile-view__hint">{t('profile:picture_hint')}</p>
        </div>
      ) : null}
      <div aria-live="polite" className="profile-view__picture-status">
        {view.uploading ? <p>{t('profile:sending_picture')}</p> : null}
        {view.uploaded ? <p>{t(`profile:saved_${view.uploaded}`)}</p> : null}
        {view.uploadFailure ? (
          <p className="profile-view__error" role="alert">
            {failureText(view.uploadFailure.failure, t('profile:picture_failed'))}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function HistoryCard({ view, history, onPeriod }: { view: ProfileViewModel; history: LearningHistory; onPeriod: ProfileViewProps['onPeriod'] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const form = useSubmissionForm<LearningHistoryPeriodForm>(
    learningHistoryPeriodFormSchema,
    { from_date: view.period.from ?? history.from, to_date: view.period.to ?? history.to },
    { onSubmit: (p) => onPeriod(p.from_date, p.to_date), onEdit: () => undefined },
  );
  const periodError = form.error('from_date', 'to_date');
  const n = (value: number) => formatNumber(value, lang);
  const cpdTotal = Math.round((history.cpd_ethics_hours + history.cpd_other_hours) * 100) / 100;
  return (
    <section className="profile-view__card" aria-labelledby="profile-history-title" aria-busy={view.periodBusy}>
      <h2 id="profile-history-title">{t('profile:history_title')}</h2>
      <form className="profile-view__period" onSubmit={form.onSubmit} noValidate>
        <label>
          <span>{t('profile:from')}</span>
          <FormDateInput {...form.value('from_date')} aria-invalid={periodError ? true : undefined} data-testid="history-from" />
        </label>
        <label>
          <span>{t('profile:to')}</span>
          <FormDateInput {...form.value('to_date')} aria-invalid={periodError ? true : undefined} data-testid="history-to" />
        </label>
        <Button type="submit" variant="primary" disabled={view.periodBusy}>
          {view.periodBusy ? t('profile:loading_period') : t('profile:show')}
        </Button>
        {view.period.from || view.period.to ? (
          <Button variant="ghost" onClick={() => onPeriod('', '')}>
            {t('profile:this_year')}
          </Button>
        ) : null}
      </form>
      <PeriodPicker lastYear={Number(history.to.slice(0, 4))} busy={view.periodBusy} onPeriod={onPeriod} />
      {periodError ? (
        <p className="profile-view__error" role="alert">
          {periodError}
        </p>
      ) : null}
      {view.periodFailure ? (
        <p className="profile-view__error" role="alert">
          {failureText(view.periodFailure, t('profile:period_failed'))}
        </p>
      ) : null}
      <p className="profile-view__period-shown" data-testid="history-period">
        {t('profile:period', { from: formatDate(`${history.from}T00:00:00`, lang), to: formatDate(`${history.to}T00:00:00`, lang) })}
      </p>
      <dl className="profile-view__figures" data-testid="history-figures">
        <Figure label={t('profile:completed')} value={n(history.completed)} testId="completed" />
        <Figure label={t('profile:compulsory')} value={n(history.compulsory)} testId="compulsory" />
        <Figure label={t('profile:non_compulsory')} value={n(history.non_compulsory)} testId="non-compulsory" />
        <Figure label={t('profile:recommended')} value={n(history.recommended)} testId="recommended" />
        <Figure label={t('profile:in_progress')} value={n(history.in_progress)} testId="in-progress" />
        <Figure label={t('profile:on_screen_hours')} value={t('profile:hours', { hours: n(history.on_screen_hours) })} testId="on-screen" />
        <Figure label={t('profile:cpd_ethics')} value={t('profile:hours', { hours: n(history.cpd_ethics_hours) })} testId="cpd-ethics" />
        <Figure label={t('profile:cpd_other')} value={t('profile:hours', { hours: n(history.cpd_other_hours) })} testId="cpd-other" />
        <Figure label={t('profile:cpd_total')} value={t('profile:hours', { hours: n(cpdTotal) })} testId="cpd-total" />
      </dl>
      {history.months ? <HistoryChart months={history.months} /> : null}
    </section>
  );
}

const KINDS: readonly PeriodKind[] = ['month', 'quarter', 'year'];

/** Month, quarter or year (SPEC §4 Other): sent as the From/To days it covers. */
function PeriodPicker({ lastYear, busy, onPeriod }: { lastYear: number; busy: boolean; onPeriod: ProfileViewProps['onPeriod'] }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<PeriodKind>('month');
  const [year, setYear] = useState(lastYear);
  const [part, setPart] = useState(1);
  const years = [0, 1, 2, 3, 4].map((back) => lastYear - back);
  const parts = kind === 'month' ? 12 : 4;
  return (
    <form
      className="profile-view__pick"
      aria-label={t('profile:pick_label')}
      data-testid="history-pick"
      onSubmit={(e) => {
        e.preventDefault();
        const range = periodRange(kind, year, Math.min(part, parts));
        onPeriod(range.from, range.to);
      }}
    >
      <label>
        <span>{t('profile:pick_kind')}</span>
        <select value={kind} onChange={(e) => setKind(e.target.value as PeriodKind)} data-testid="history-kind">
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`profile:kind_${k}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t('profile:pick_year')}</span>
        <select value={year} onChange={(e) => setYear(Number(e.target.value))} data-testid="history-year">
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </label>
      {kind !== 'year' ? (
        <label>
          <span>{t(kind === 'month' ? 'profile:pick_month' : 'profile:pick_quarter')}</span>
          <select value={Math.min(part, parts)} onChange={(e) => setPart(Number(e.target.value))} data-testid="history-part">
            {Array.from({ length: parts }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {kind === 'month' ? t(`profile:month_${n}`) : t('profile:quarter_n', { n })}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <Button type="submit" disabled={busy}>
        {t('profile:pick_show')}
      </Button>
    </form>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="profile-view__figure" data-testid={`figure-${testId}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function MockExamCard({ stats }: { stats: MockExamStats }) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => formatNumber(Math.round(value * 10) / 10, i18n.language);
  return (
    <section className="profile-view__card" aria-labelledby="profile-mock-title">
      <h2 id="profile-mock-title">{t('profile:mock_title')}</h2>
      {stats.total_attempts === 0 ? (
        <p>{t('profile:mock_none')}</p>
      ) : (
        <dl className="profile-view__figures" data-testid="mock-figures">
          <Figure label={t('profile:mock_average')} value={t('profile:percent', { value: n(stats.average_score) })} testId="mock-average" />
          <Figure label={t('profile:mock_passed')} value={t('profile:of_total', { passed: n(stats.passed_attempts), total: n(stats.total_attempts) })} testId="mock-passed" />
        </dl>
      )}
      <Link to="/mockexam">{t('profile:mock_link')}</Link>
    </section>
  );
}

/** Where a certificate prints (the exam certificate page's route). */
const certificateHref = (c: ExamCertificateList['data'][number]) => `/course/${c.course_id}/quiz/${c.quiz_id}/attempts/${c.attempt_id}/certificate`;

function CertificatesCard({ list, more, onMore }: { list: ExamCertificateList; more: ProfileViewModel['moreCertificates']; onMore: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <section className="profile-view__card" aria-labelledby="profile-certificates-title">
      <h2 id="profile-certificates-title">{t('profile:certificates_title')}</h2>
      {list.data.length === 0 ? (
        <p>{t('profile:certificates_none')}</p>
      ) : (
        <ul className="profile-view__certificates" data-testid="certificates">
          {list.data.map((c) => (
            <li key={c.attempt_id} className="profile-view__certificate" data-testid="certificate">
              <h3>{c.exam_title}</h3>
              <p>{c.course_title}</p>
              <p className="profile-view__certificate-meta">
                {t('profile:certificate_meta', { date: formatDate(c.completed_at, lang), score: formatNumber(c.score, lang), full: formatNumber(c.full_marks, lang) })}
                {c.cpd_hours !== null ? ` · ${t('profile:certificate_cpd', { hours: formatNumber(c.cpd_hours, lang), count: c.cpd_hours })}` : ''}
              </p>
              <p className="profile-view__certificate-meta">{t('profile:certificate_number', { number: c.certificate_number })}</p>
              <Link to={certificateHref(c)} aria-label={t('profile:certificate_open_label', { title: c.exam_title })}>
                {t('profile:certificate_open')}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {list.total > list.data.length ? (
        <p className="profile-view__hint" role="status">
          {t('profile:certificates_shown', { shown: formatNumber(list.data.length, lang), total: formatNumber(list.total, lang) })}
        </p>
      ) : null}
      {more.failure ? (
        <p className="profile-view__error" role="alert">
          {failureText(more.failure, t('profile:certificates_more_failed'))}
        </p>
      ) : null}
      {more.offered ? (
        <Button onClick={onMore} aria-busy={more.busy} data-testid="certificates-more">
          {more.busy ? t('profile:certificates_loading_more') : t('profile:certificates_show_more')}
        </Button>
      ) : null}
    </section>
  );
}
