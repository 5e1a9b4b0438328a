import { useActorRef, useSelector } from '@xstate/react';
import { selectCpdTeamView } from '../../machines/cpd-team/cpd-team.selectors';
import { CpdTeamView } from '../../ui/cpd-team/cpd-team-view';
import { cpdTeamRouteMachine } from './cpd-team.actor';
import { CpdTeamNamespace } from './cpd-team-namespace';

function CpdTeamPage() {
  const actor = useActorRef(cpdTeamRouteMachine);
  const view = useSelector(actor, selectCpdTeamView);
  return (
    <CpdTeamView
      view={view}
      memberHref={(userId) => `/cpd/team/${encodeURIComponent(userId)}`}
      onRetry={() => actor.send({ type: 'retry' })}
      onFilterAtRisk={(atRisk) => actor.send({ type: 'filter.atRisk', atRisk })}
      onSort={(sort) => actor.send({ type: 'sort.select', sort })}
      onExport={() => actor.send({ type: 'export' })}
    />
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
