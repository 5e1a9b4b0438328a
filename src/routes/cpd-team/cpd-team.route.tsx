import { useActorRef, useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { CpdClaimDecisionSection } from '../cpd-claim-decision/cpd-claim-decision.route';
import { selectCpdTeamView } from '../../machines/cpd-team/cpd-team.selectors';
import { CpdTeamView } from '../../ui/cpd-team/cpd-team-view';
import { cpdTeamRouteMachine } from './cpd-team.actor';
import { CpdTeamNamespace } from './cpd-team-namespace';

function CpdTeamPage() {
  const actor = useActorRef(cpdTeamRouteMachine);
  const view = useSelector(actor, selectCpdTeamView);
  // Issue 45: a claim decided below changes the figures above; the team is read again.
  const refresh = useCallback(() => actor.send({ type: 'refresh' }), [actor]);
  return (
    <>
    <CpdTeamView
      view={view}
      memberHref={(userId) => `/cpd/team/${encodeURIComponent(userId)}`}
      onRetry={() => actor.send({ type: 'retry' })}
      onFilterAtRisk={(atRisk) => actor.send({ type: 'filter.atRisk', atRisk })}
      onSort={(sort) => actor.send({ type: 'sort.select', sort })}
      onExport={() => actor.send({ type: 'export' })}
    />
    <CpdClaimDecisionSection onTeamChanged={refresh} />
    </>
  );
}

/** /cpd/team (issue 45, ADR 087): the upline's team compliance (managers only: managementGuard). */
export default function CpdTeamRoute() {
  return (
    <CpdTeamNamespace>
      <CpdTeamPage />
    </CpdTeamNamespace>
  );
}
