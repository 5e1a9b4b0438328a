import { callRoute } from './call-route';
import type { LearningMapAssignResult, LearningMapCatalogue, LearningMapDetail, LearningMapList } from './schemas/learning-map.schema';
import { assignLearningMapRoute, getLearningMapCatalogueRoute, getLearningMapDetailRoute, getLearningMapRoute } from './schemas/learning-map.routes';

// Learning maps (issue 47, ADR 098): the caller's maps and history, one of them, and a manager's
// catalogue and assignment to downlines. Every state and figure is the server's.

export function getLearningMap(): Promise<LearningMapList> {
  return callRoute(getLearningMapRoute, {});
}

export function getLearningMapDetail(id: string): Promise<LearningMapDetail> {
  return callRoute(getLearningMapDetailRoute, { params: { id } });
}

export function getLearningMapCatalogue(): Promise<LearningMapCatalogue> {
  return callRoute(getLearningMapCatalogueRoute, {});
}

export function assignLearningMap(id: string, userIds: string[]): Promise<LearningMapAssignResult> {
  return callRoute(assignLearningMapRoute, { params: { id }, body: { user_ids: userIds } });
}
