import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useMatch, useParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { getCpdEvidence, getCpdLedgerOf } from '../../api/cpd-ledger.api';
import type { CpdEvidence, CpdLedger } from '../../api/schemas/cpd-ledger.schema';
import { selectCpdLedgerView } from '../../machines/cpd-ledger/cpd-ledger.selectors';
import { failureMessage } from '../../machines/shared/submission-error';
import type { CpdReplayLinks } from '../../ui/cpd-ledger/cpd-evidence';
import { CpdLedgerView, type CpdPapersView } from '../../ui/cpd-ledger/cpd-ledger-view';
import { saveCpdPaper } from '../cpd-statement/cpd-statement.actor';
import { cpdLedgerRouteMachine } from '../cpd-ledger/cpd-ledger.actor';
import { CpdNamespace } from '../cpd-ledger/cpd-ledger-namespace';
import { replayHref } from '../evidence-replay/evidence-replay.href';
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

/** Hong Kong is UTC+8 all year: the calendar day a server time falls on there (the replay's ?day=). */
const hongKongDay = (at: string) => new Date(Date.parse(at) + 8 * 3_600_000).toISOString().slice(0, 10);

/** Issue 46, ADR 097: the auditor's replay of a viewing's day, or of a course row (a claim has none). */
const replayLinks = (userId: string): CpdReplayLinks => ({
  ofDay: (at) => replayHref(userId, { day: hongKongDay(at) }),
  ofRow: (row) => {
    const id = row.id.slice(row.id.indexOf(':') + 1);
    return row.source === 'course' ? replayHref(userId, { courseId: id }) : row.source === 'offline' ? replayHref(userId, { offlineCourseId: id }) : null;
  },
});

function MemberLedger({ userId, auditor }: { userId: string; auditor: boolean }) {
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
      replayLinks={auditor ? replayLinks(userId) : undefined}
    />
  );
}

/** /cpd/team/:userId (issue 45, ADR 087): a downline's CPD ledger, read only, in the ledger's own view. */
export default function CpdTeamMemberRoute() {
  const { userId = '' } = useParams();
  // The same page is the auditor's /cpd/report/ledger/:userId: only there are the replays offered (the server answers an auditor only).
  const auditor = useMatch('/cpd/report/ledger/:userId') !== null;
  return (
    <CpdNamespace>
      <MemberLedger key={userId} userId={userId} auditor={auditor} />
    </CpdNamespace>
  );
}
