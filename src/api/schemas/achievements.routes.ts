import { bearerSecurity, errorResponses, json, route } from '../route-contract';
import { achievementsSchema } from './achievements.schema';

// ADR 018, ADR 090: the signed-in learner's own achievements (the profile page).

export const getAchievementsRoute = route({
  tags: ['achievements'],
  security: bearerSecurity,
  method: 'get',
  path: '/api/achievements',
  summary: 'The caller’s achievements (first course completed, this period’s CPD target met, an examination passed at the first attempt, a learning streak), each with its date',
  responses: {
    200: json('The achievements', achievementsSchema),
    ...errorResponses.unauthorized,
    ...errorResponses.forbiddenOr('two-factor is required and this session has not passed it'),
  },
});
