import { useTranslation } from 'react-i18next';
import type { NewsEntry } from '../../api/schemas/news.schema';
import { DEFAULT_COVER_URL } from '../../config/constants';
import type { PagedListView } from '../../machines/paged-list/paged-list.selectors';
import { NavAnchor } from '../layout/nav-anchor';
import { CoursesTabs } from '../courses/courses-tabs';
import { coursePath } from '../courses/course-card';
import { formatDate } from '../courses/format';
import { ListFilters } from '../courses/list-filters';
import { ListState } from '../courses/list-state';
import { Pagination } from '../courses/pagination';
import '../courses/courses.css';

export interface NewsViewProps {
  title: string;
  /** '' = news and highlights together. */
  kind: string;
  view: PagedListView<NewsEntry>;
  page: number;
  onKind: (kind: string) => void;
  onPage: (page: number) => void;
  onRetry: () => void;
  onNavigate: (to: string) => void;
}

/** News and highlights, newest first; an entry about a course links to it. */
export function NewsView(p: NewsViewProps) {
  const { t, i18n } = useTranslation();
  const entries = p.view.result?.data ?? [];
  return (
    <section className="catalogue-view" aria-labelledby="news-title">
      <h1 id="news-title">{p.title}</h1>
      <CoursesTabs current="news" onNavigate={p.onNavigate} />
      <ListFilters
        selects={[
          {
            name: 'kind',
            label: t('courses:news_kinds_label'),
            value: p.kind,
            anyLabel: t('courses:news_all'),
            options: (['news', 'highlight'] as const).map((k) => ({ value: k, label: t(`courses:news_kind.${k}`) })),
          },
        ]}
        onChange={(_name, value) => p.onKind(value)}
        onClear={() => p.onKind('')}
      />
      <ListState
        status={p.view.status}
        failure={p.view.failure}
        loadingText={t('courses:loading_news')}
        emptyText={t('courses:news_empty')}
        failedText={t('courses:load_failed')}
        onRetry={p.onRetry}
      >
        {entries.length > 0 ? (
          <ul className="news-list">
            {entries.map((entry) => (
              <li key={entry.id}>
                <article className="news-entry" data-testid="news-entry" aria-labelledby={`news-${entry.id}`}>
                  <img className="news-entry__cover" src={entry.cover_url || DEFAULT_COVER_URL} alt="" loading="lazy" />
                  <div className="news-entry__text">
                    <p className="course-card__tags">
                      <span className={`course-badge course-badge--${entry.kind}`}>{t(`courses:news_kind.${entry.kind}`)}</span>
                      <time dateTime={entry.published_at}>{formatDate(entry.published_at, i18n.language)}</time>
                    </p>
                    <h2 id={`news-${entry.id}`}>{entry.title}</h2>
                    {entry.body
                      .split(/\n\s*\n/)
                      .filter((s) => s.trim())
                      .map((text, i) => (
                        <p key={i}>{text.trim()}</p>
                      ))}
                    {entry.course_id ? (
                      <NavAnchor to={coursePath(entry.course_id)} onNavigate={p.onNavigate}>
                        {t('courses:news_course')}
                      </NavAnchor>
                    ) : null}
                  </div>
                </article>
              </li>
            ))}
          </ul>
        ) : null}
      </ListState>
      <Pagination page={p.page} pages={p.view.pages} onPage={p.onPage} />
    </section>
  );
}
