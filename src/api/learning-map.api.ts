import { callRoute } from './call-route';
import type { LearningMapList } from './schemas/learning-map.schema';
import { getLearningMapRoute } from './schemas/learning-map.routes';

export function getLearningMap(): Promise<LearningMapList> {
  return callRoute(getLearningMapRoute, {});
}
