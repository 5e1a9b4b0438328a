import { useActorRef, useSelector } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { selectCpdProgress } from '../../machines/cpd-ledger/cpd-ledger.selectors';
import { homeTiles } from '../../ui/main/home-tiles';
import { MainView } from '../../ui/main/main-view';
import { useAppConfig, useCurrentUser } from '../app-context';
import { cpdLedgerRouteMachine } from '../cpd-ledger/cpd-ledger.actor';

export default function MainRoute() {
  const { user } = useCurrentUser();
  const config = useAppConfig();
  const navigate = useNavigate();
  // Issue 45: this period's CPD progress, read by the ledger's own machine (nothing shown until it answers).
  const cpd = useActorRef(cpdLedgerRouteMachine);
  const cpdProgress = useSelector(cpd, selectCpdProgress);
  return <MainView userName={user?.name ?? null} tiles={homeTiles(config.appEnabledFunction)} cpdProgress={cpdProgress} onNavigate={(to) => navigate(to)} />;
}
