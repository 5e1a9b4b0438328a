import { useActorRef, useSelector } from '@xstate/react';
import { useParams } from 'react-router-dom';
import { useCurrentUser } from '../app-context';
import { selectLearningMapView } from '../../machines/learning-map/learning-map.selectors';
import { LearningMapView } from '../../ui/learning-map/learning-map-view';
import { learningMapRouteMachine } from './learning-map.actor';
import { LearningMapNamespace } from './learning-map-namespace';

function LearningMapPage({ mapId, manager }: { mapId: string | null; manager: boolean }) {
  const actor = useActorRef(learningMapRouteMachine, { input: { mapId, manager } });
  const view = useSelector(actor, selectLearningMapView);
  return (
    <LearningMapView
      view={view}
      onRetry={() => actor.send({ type: 'retry' })}
      onAssign={(id, userIds) => actor.send({ type: 'assign.submit', mapId: id, userIds })}
      onAssignEdit={() => actor.send({ type: 'assign.edit' })}
    />
  );
}

/** /learning-map and /learning-map/:id (issue 47): a new page (and machine) for each address. */
export default function LearningMapRoute() {
  const { id } = useParams();
  // The layout shows the page once the user is known; the server still refuses a learner's catalogue.
  const manager = useCurrentUser().user?.is_manager ?? false;
  const mapId = id ?? null;
  return (
    <LearningMapNamespace>
      <LearningMapPage key={`${mapId}:${manager}`} mapId={mapId} manager={manager} />
    </LearningMapNamespace>
  );
}
