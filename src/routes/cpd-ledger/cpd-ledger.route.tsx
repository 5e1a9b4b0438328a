import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { selectCpdLedgerView } from '../../machines/cpd-ledger/cpd-ledger.selectors';
import { CpdLedgerView } from '../../ui/cpd-ledger/cpd-ledger-view';
import { cpdLedgerRouteMachine } from './cpd-ledger.actor';
import { CpdNamespace } from './cpd-ledger-namespace';

function CpdLedgerPage() {
  const actor = useActorRef(cpdLedgerRouteMachine);
  const view = useSelector(actor, selectCpdLedgerView);
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
