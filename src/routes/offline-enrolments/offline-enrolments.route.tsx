import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { OfflineEnrolmentsView } from '../../ui/offline-enrolments/offline-enrolments-view';
import { OfflineNamespace } from '../offline-courses/offline-courses-namespace';
import { usePagedList } from '../use-paged-list';
import { offlineEnrolmentsMachine, type MyOfflineEnrolmentsListQuery } from './offline-enrolments.actor';

const PER_PAGE = 10;

function MyEnrolmentsPage() {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const status = params.get('status') ?? '';
  const query: MyOfflineEnrolmentsListQuery = { page, per_page: PER_PAGE, lang: i18n.language, ...(status ? { status } : {}) };
  const { view, retry } = usePagedList(offlineEnrolmentsMachine, query);
  const write = (nextStatus: string, nextPage: number) => {
    const out = new URLSearchParams();
    if (nextStatus) out.set('status', nextStatus);
    if (nextPage > 1) out.set('page', String(nextPage));
    setParams(out);
  };
  return (
    <OfflineEnrolmentsView
      view={view}
      status={status}
      page={page}
      onStatus={(next) => write(next, 1)}
      onPage={(next) => write(status, next)}
      onRetry={retry}
      onOpen={(courseId) => navigate(`/offline/${courseId}`)}
    />
  );
}

/** /offline/mine: the learner's enrolments and history, newest first. */
export default function OfflineEnrolmentsRoute() {
  return (
    <OfflineNamespace>
      <MyEnrolmentsPage />
    </OfflineNamespace>
  );
}
