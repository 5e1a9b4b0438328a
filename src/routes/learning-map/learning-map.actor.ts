import { fromPromise } from 'xstate';
import { assignLearningMap, getLearningMap, getLearningMapCatalogue, getLearningMapDetail } from '../../api/learning-map.api';
import type { LearningMapAssignResult } from '../../api/schemas/learning-map.schema';
import { learningMapMachine, type LearningMapInput, type LearningMapPage } from '../../machines/learning-map/learning-map.machine';
import { withSubmissionError as shown } from '../submission';

async function loadPage({ mapId, manager }: LearningMapInput): Promise<LearningMapPage> {
  if (mapId !== null) return { kind: 'map', map: await getLearningMapDetail(mapId) };
  const [list, catalogue] = await Promise.all([getLearningMap(), manager ? getLearningMapCatalogue() : Promise.resolve(null)]);
  return { kind: 'list', list, catalogue };
}

/** The one place the learning-map machine meets the API (DESIGN §2). */
export const learningMapRouteMachine = learningMapMachine.provide({
  actors: {
    load: fromPromise<LearningMapPage, LearningMapInput>(shown(loadPage)),
    assign: fromPromise<LearningMapAssignResult, { mapId: string; userIds: string[] }>(shown(({ mapId, userIds }: { mapId: string; userIds: string[] }) => assignLearningMap(mapId, userIds))),
  },
});
