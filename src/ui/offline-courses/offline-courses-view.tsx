import { DateInput } from '../primitives/date-input';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OfflineCourseCard } from '../../api/schemas/offline-courses.schema';
import type { PagedListView } from '../../machines/paged-list/paged-list.selectors';
import { LoadingOverlay } from '../layout/loading-overlay';
import { Button } from '../primitives/button';
import { offlineFormat } from './offline-format';
import { OfflinePager, OfflineTabs, StatusBadge } from './offline-parts';
import './offline-courses.css';

/** The list's filters as the address carries them ('' = no filter). */
export interface OfflineFilters {
  q: string;
  venue: string;
  from: string;
  to: string;
  status: string;
}

export const NO_FILTERS: OfflineFilters = { q: '', venue: '', from: '', to: '', status: '' };

export interface OfflineCoursesViewProps {
  view: PagedListView<OfflineCourseCard>;
  filters: OfflineFilters;
  page: number;
  onSearch: (filters: OfflineFilters) => void;
  onPage: (page: number) => void;
  onRetry: () => void;
  onOpen: (courseId: string) => void;
}

function Filters({ filters, onSearch }: Pick<OfflineCoursesViewProps, 'filters' | 'onSearch'>) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(filters);
  const field = (name: keyof OfflineFilters) => ({
    name,
    value: draft[name],
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [name]: e.target.value })),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(draft);
  };
  return (
    <form className="offline-filters" role="search" onSubmit={submit}>
      <label>
        {t('offline:filter_keyword')}
        <input type="search" maxLength={100} {...field('q')} data-testid="offline-filter-q" />
      </label>
      <label>
        {t('offline:filter_venue')}
        <input type="text" maxLength={100} {...field('venue')} />
      </label>
      <label>
        {t('offline:filter_from')}
        <DateInput value={draft.from} onValueChange={(from) => setDraft((d) => ({ ...d, from }))} />
      </label>
      <label>
        {t('offline:filter_to')}
        <DateInput value={draft.to} onValueChange={(to) => setDraft((d) => ({ ...d, to }))} />
      </label>
      <label>
        {t('offline:filter_status')}
        <select {...field('status')}>
          <option value="">{t('offline:filter_any')}</option>
          <option value="open">{t('offline:availability_open')}</option>
          <option value="full">{t('offline:availability_full')}</option>
          <option value="closed">{t('offline:availability_closed')}</option>
        </select>
      </label>
      <div className="offline-filters__actions">
        <Button type="submit" variant="accent">
          {t('offline:filter_search')}
        </Button>
        <Button
          onClick={() => {
            setDraft(NO_FILTERS);
            onSearch(NO_FILTERS);
          }}
        >
          {t('offline:filter_clear')}
        </Button>
      </div>
    </form>
  );
}

function Card({ course, onOpen }: { course: OfflineCourseCard; onOpen: (id: string) => void }) {
  const { t, i18n } = useTranslation();
  const f = offlineFormat(i18n.language);
  return (
    <li className="offline-card" data-testid="offline-course-card">
      <h2>
        <a
          href={`/offline/${course.id}`}
          onClick={(e) => {
            e.preventDefault();
            onOpen(course.id);
          }}
        >
          {course.title}
        </a>
      </h2>
      <p className="offline-card__meta">
        {course.venue}
        {course.starts_at ? ` · ${f.dateTime(course.starts_at)}` : ''}
      </p>
      <p className="offline-card__meta">
        {course.fee === 0 ? t('offline:free') : t('offline:fee_amount', { currency: course.currency, amount: f.number(course.fee) })} ·{' '}
        {t('offline:places_left', { remaining: course.remaining_quota, quota: course.quota })}
      </p>
      <p className="offline-card__badges">
        <span className={`offline-badge offline-badge--${course.availability}`}>{t(`offline:availability_${course.availability}`)}</span>
        {course.my_status ? <StatusBadge status={course.my_status} /> : null}
      </p>
    </li>
  );
}

/** /offline: classroom courses with keyword, venue, date range and status filters, paged. */
export function OfflineCoursesView(p: OfflineCoursesViewProps) {
  const { t } = useTranslation();
  const courses = p.view.result?.data ?? [];
  return (
    <section className="offline-page" aria-labelledby="offline-title">
      <h1 id="offline-title">{t('offline:title')}</h1>
      <OfflineTabs />
      <Filters key={JSON.stringify(p.filters)} filters={p.filters} onSearch={p.onSearch} />
      <div className="offline-page__list" aria-busy={p.view.status === 'loading'}>
        {p.view.status === 'loading' ? <LoadingOverlay text={t('common:loading')} /> : null}
        {p.view.status === 'failed' ? (
          <div role="alert" className="offline-alert">
            <p>{p.view.failure?.kind === 'server' ? p.view.failure.message : t('offline:load_failed')}</p>
            <Button onClick={p.onRetry}>{t('offline:retry')}</Button>
          </div>
        ) : null}
        {p.view.status === 'empty' ? <p className="offline-muted">{t('offline:empty')}</p> : null}
        {p.view.status !== 'failed' && p.view.status !== 'empty' && courses.length > 0 ? (
          <ul className="offline-cards">
            {courses.map((c) => (
              <Card key={c.id} course={c} onOpen={p.onOpen} />
            ))}
          </ul>
        ) : null}
      </div>
      <OfflinePager page={p.page} pages={p.view.pages} onPage={p.onPage} />
    </section>
  );
}
