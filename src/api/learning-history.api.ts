import { callRoute } from './call-route';
import { listQuery, type CallOptions } from './list-query';
import type { LearningHistory, LearningHistoryQuery } from './schemas/learning-history.schema';
import { getLearningHistoryRoute } from './schemas/learning-history.routes';

// The profile page's learning history (ADR 060): the signed-in learner's own summary for a period.

/** A blank or missing day is the server's default: this IA year (its clock). */
export function getLearningHistory(query: Partial<LearningHistoryQuery> = {}, { signal }: CallOptions = {}): Promise<LearningHistory> {
  return callRoute(getLearningHistoryRoute, { query: listQuery(query), signal });
}
