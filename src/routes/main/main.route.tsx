import { lazy, Suspense } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { selectCpdProgress } from '../../machines/cpd-ledger/cpd-ledger.selectors';
import { homeTiles } from '../../ui/main/home-tiles';
import { MainView } from '../../ui/main/main-view';
import { useAppConfig, useCurrentUser } from '../app-context';
import { cpdLedgerRouteMachine } from '../cpd-ledger/cpd-ledger.actor';

// Issue 45 (ADR 091): where to continue and what is due soon. Its view, machine and texts are a
// chunk of their own, not the first page's (build/first-page-budget.ts).
const HomeSummaryPanel = lazy(() => import('../home-summary/home-summary.route'));

export default function MainRoute() {
  const { user } = useCurrentUser();
  const config = useAppConfig();
  const navigate = useNavigate();
  // Issue 45: this period's CPD progress, read by the ledger's own machine (nothing shown until it answers).
  const cpd = useActorRef(cpdLedgerRouteMachine);
  const cpdProgress = useSelector(cpd, selectCpdProgress);
  // The summary goes below the CPD tile and mounts once the ledger has answered (or failed): the
  // tile's arrival then never moves it, and its own moves nothing above it (CLS 0, ADR 089).
  const cpdSettled = useSelector(cpd, (s) => !s.hasTag('busy'));
  const onNavigate = (to: string) => navigate(to);
  return (
    <MainView userName={user?.name ?? null} tiles={homeTiles(config.appEnabledFunction)} cpdProgress={cpdProgress} onNavigate={onNavigate}>
      {cpdSettled ? (
        <Suspense fallback={null}>
          <HomeSummaryPanel onNavigate={onNavigate} />
        </Suspense>
      ) : null}
    </MainView>
  );
}
