import { callRoute } from './call-route';
import type { HomeSummary } from './schemas/home-summary.schema';
import { getHomeSummaryRoute } from './schemas/home-summary.routes';

export function getHomeSummary(): Promise<HomeSummary> {
  return callRoute(getHomeSummaryRoute, {});
}
