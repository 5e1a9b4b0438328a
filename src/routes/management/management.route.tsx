import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectManagementView } from '../../machines/management/management.selectors';
import { ManagementView } from '../../ui/management/management-view';
import { managementRouteMachine } from './management.actor';
import { ManagementNamespace } from './management-namespace';

/** The page: the machine with the real API, the view with its callbacks. */
function ManagementPage() {
  const actor = useActorRef(managementRouteMachine);
  const view = useSelector(actor, selectManagementView);
  return (
    <ManagementView
      view={view}
      recruitsHref="/management/recruits"
      onTab={(tab) => actor.send({ type: 'tab.select', tab })}
      onSearch={(q) => actor.send({ type: 'search', q })}
      onPage={(page) => actor.send({ type: 'page', page })}
      onPeriod={(from, to) => actor.send({ type: 'period', from, to })}
      onRetry={() => actor.send({ type: 'retry' })}
      onApprove={(id) => actor.send({ type: 'approve', id })}
      onRejectOpen={(id) => actor.send({ type: 'reject.open', id })}
      onRejectCancel={() => actor.send({ type: 'reject.cancel' })}
      onRejectConfirm={(reason) => actor.send({ type: 'reject.confirm', reason })}
      onApproveAll={() => actor.send({ type: 'approveAll' })}
      onCourse={(courseId) => actor.send({ type: 'assign.course', courseId })}
      onToggle={(userId) => actor.send({ type: 'assign.toggle', userId })}
      onAssign={() => actor.send({ type: 'assign.submit' })}
      onDownloadCsv={() => actor.send({ type: 'csv.download' })}
    />
  );
}

/** /management (managers only: managementGuard): decide, assign, report (issue 14). */
export default function ManagementRoute() {
  const { i18n } = useTranslation();
  // A new language is a new page: the courses' titles and the server's reasons come in the request's language.
  return (
    <ManagementNamespace>
      <ManagementPage key={i18n.language} />
    </ManagementNamespace>
  );
}
