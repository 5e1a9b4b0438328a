import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { getCpdEvidence, getCpdLedgerOf } from '../../api/cpd-ledger.api';
import type { CpdEvidence, CpdLedger } from '../../api/schemas/cpd-ledger.schema';
import { selectCpdLedgerView } from '../../machines/cpd-ledger/cpd-ledger.selectors';
import { failureMessage } from '../../machines/shared/submission-error';
import { CpdLedgerView, type CpdPapersView } from '../../ui/cpd-ledger/cpd-ledger-view';
import { saveCpdPaper } from '../cpd-statement/cpd-statement.actor';
import { cpdLedgerRouteMachine } from '../cpd-ledger/cpd-ledger.actor';
import { CpdNamespace } from '../cpd-ledger/cpd-ledger-namespace';
import { withSubmissionError as shown } from '../submission';

/** The ledger machine reading a downline's ledger: GET /api/cpd/ledger/:userId (the server checks it is the caller's downline, and records the read).
 * Provided over the ledger page's own (not the bare machine), so the build keeps the machine and its actor in one chunk of the first page. */
const memberLedger = (userId: string) =>
  cpdLedgerRouteMachine.provide({
    actors: {
      loadLedger: fromPromise<CpdLedger, { period: number | null }>(shown(({ period }: { period: number | null }) => getCpdLedgerOf(userId, period))),
      loadEvidence: fromPromise<CpdEvidence, { rowId: string }>(shown(({ rowId }: { rowId: string }) => getCpdEvidence(rowId, userId))),
    },
  });

function MemberLedger({ userId }: { userId: string }) {
  const machine = useMemo(() => memberLedger(userId), [userId]);
  const actor = useActorRef(machine);
  const view = useSelector(actor, selectCpdLedgerView);
  // Issue 45: the downline's statement of the period on screen (GET /api/cpd/statement.pdf?user=; the server checks and records the read), as /cpd offers one's own.
  const [papers, setPapers] = useState<CpdPapersView>({ busy: false, error: null, code: null });
  const download = (format: 'pdf' | 'csv') => {
    setPapers((p) => ({ ...p, busy: true, error: null }));
    saveCpdPaper({ kind: 'statement', format, period: view.selectedPeriod, user: userId }).then(
      (code) => setPapers({ busy: false, error: null, code }),
      (error: unknown) => setPapers((p) => ({ ...p, busy: false, error: failureMessage(error) ?? '' })),
    );
  };
  return (
    <CpdLedgerView
      view={view}
      onRetry={() => actor.send({ type: 'retry' })}
      onSelectPeriod={(period) => actor.send({ type: 'period.select', period })}
      onOpenRow={(rowId) => actor.send({ type: 'row.open', rowId })}
      onRetryEvidence={() => actor.send({ type: 'evidence.retry' })}
      onCloseEvidence={() => actor.send({ type: 'evidence.close' })}
      papers={papers}
      onDownloadStatement={download}
    />
  );
}

/** /cpd/team/:userId (issue 45, ADR 087): a downline's CPD ledger, read only, in the ledger's own view. */
export default function CpdTeamMemberRoute() {
  const { userId = '' } = useParams();
  return (
    <CpdNamespace>
      <MemberLedger key={userId} userId={userId} />
    </CpdNamespace>
  );
}
