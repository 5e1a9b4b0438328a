import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { NewsView } from '../../ui/news/news-view';
import { newsListMachine } from './news.actor';
import { CoursesNamespace } from '../courses/courses-namespace';
import { compact, newsKind, pageOf, PER_PAGE } from '../courses/list-params';
import { usePagedList } from '../use-paged-list';
import { useListNavigation } from '../courses/use-list';

function NewsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const nav = useListNavigation(['kind']);
  const kind = newsKind(nav.params);
  const page = pageOf(nav.params.get('page'));
  const { view, retry } = usePagedList(newsListMachine, { ...compact({ kind }), page, per_page: PER_PAGE, lang: i18n.language });
  return (
    <NewsView
      title={t('courses:news_title')}
      kind={kind}
      view={view}
      page={page}
      onKind={(value) => nav.setFilter('kind', value)}
      onPage={nav.setPage}
      onRetry={retry}
      onNavigate={(to) => navigate(to)}
    />
  );
}

/** /courses/news: news and highlights. */
export default function NewsRoute() {
  return (
    <CoursesNamespace>
      <NewsPage />
    </CoursesNamespace>
  );
}
