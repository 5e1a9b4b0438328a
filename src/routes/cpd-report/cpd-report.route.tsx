import { useActorRef, useSelector } from '@xstate/react';
import { selectCpdReportView } from '../../machines/cpd-report/cpd-report.selectors';
import { CpdReportView } from '../../ui/cpd-report/cpd-report-view';
import { cpdReportRouteMachine } from './cpd-report.actor';
import { CpdReportNamespace } from './cpd-report-namespace';

function CpdReportPage() {
  const actor = useActorRef(cpdReportRouteMachine);
  const view = useSelector(actor, selectCpdReportView);
  return (
    <CpdReportView
      view={view}
      // The ledger page of a licensee for the auditor is the downline page's (the server lets the auditor read anyone's, and records it).
      ledgerHref={(userId) => `/cpd/report/ledger/${encodeURIComponent(userId)}`}
      onRetry={() => actor.send({ type: 'retry' })}
      onSelectList={(list) => actor.send({ type: 'list.select', list })}
      onSelectPage={(page) => actor.send({ type: 'page.select', page })}
      onExport={() => actor.send({ type: 'export' })}
    />
  );
}

/** /cpd/report (issue 45, ADR 087): the compliance officer's CPD report. The server answers only an auditor (403 for anyone else, shown as the page's failure). */
export default function CpdReportRoute() {
  return (
    <CpdReportNamespace>
      <CpdReportPage />
    </CpdReportNamespace>
  );
}
