import { useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { failureMessage } from '../../machines/shared/submission-error';
import type { CpdPapersView } from '../../ui/cpd-ledger/cpd-ledger-view';
import { saveCpdPaper } from '../cpd-statement/cpd-statement.actor';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { selectCpdLedgerView } from '../../machines/cpd-ledger/cpd-ledger.selectors';
import { CpdLedgerView } from '../../ui/cpd-ledger/cpd-ledger-view';
import { cpdLedgerRouteMachine } from './cpd-ledger.actor';
import { CpdNamespace } from './cpd-ledger-namespace';

function CpdLedgerPage() {
  const actor = useActorRef(cpdLedgerRouteMachine);
  const view = useSelector(actor, selectCpdLedgerView);
  // Issue 45 (cpd-statement): a download is one request the page waits for, outside the ledger's machine.
  const [papers, setPapers] = useState<CpdPapersView>({ busy: false, error: null, code: null });
  const download = (what: Parameters<typeof saveCpdPaper>[0]) => {
    setPapers((p) => ({ ...p, busy: true, error: null }));
    saveCpdPaper(what).then(
      (code) => setPapers((p) => ({ busy: false, error: null, code: what.kind === 'statement' ? code : p.code })),
      (error: unknown) => setPapers((p) => ({ ...p, busy: false, error: failureMessage(error) ?? '' })),
    );
  };
  const { t } = useTranslation();
  return (
    <>
    {/* Issue 45, ADR 086: claiming an outside activity starts here. */}
    <p className="cpd-view__claim">
      <Link to="/cpd/claims/new" data-testid="cpd-claim-new">{t('cpd:claim_action')}</Link>
    </p>
    <CpdLedgerView
      view={view}
      onRetry={() => actor.send({ type: 'retry' })}
      onSelectPeriod={(period) => actor.send({ type: 'period.select', period })}
      onOpenRow={(rowId) => actor.send({ type: 'row.open', rowId })}
      onRetryEvidence={() => actor.send({ type: 'evidence.retry' })}
      onCloseEvidence={() => actor.send({ type: 'evidence.close' })}
      papers={papers}
      onDownloadStatement={(format) => download({ kind: 'statement', format, period: view.selectedPeriod })}
      onCertificate={(rowId) => download({ kind: 'certificate', rowId })}
    />
    </>
  );
}

/** /cpd (issue 45): the signed-in licensee's CPD ledger. */
export default function CpdLedgerRoute() {
  return (
    <CpdNamespace>
      <CpdLedgerPage />
    </CpdNamespace>
  );
}
