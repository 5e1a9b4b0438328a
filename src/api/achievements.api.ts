import { callRoute } from './call-route';
import type { CallOptions } from './list-query';
import type { Achievements } from './schemas/achievements.schema';
import { getAchievementsRoute } from './schemas/achievements.routes';

// The profile page's achievements (ADR 090): the signed-in learner's own.

export function getAchievements({ signal }: CallOptions = {}): Promise<Achievements> {
  return callRoute(getAchievementsRoute, { signal });
}
