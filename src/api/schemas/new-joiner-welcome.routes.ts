import { bearerSecurity, errorResponses, json, route } from '../route-contract';
import { newJoinerWelcomeSchema } from './new-joiner-welcome.schema';

// ADR 018, ADR 102: the welcome's flag, the caller's own only (there is no user id to pass).

const common = { tags: ['new-joiner-welcome'], security: bearerSecurity } as const;
const auth = { ...errorResponses.unauthorized, ...errorResponses.forbiddenOr('two-factor is required and this session has not passed it') } as const;

export const getNewJoinerWelcomeRoute = route({
  ...common,
  method: 'get',
  path: '/api/new-joiner-welcome',
  summary: 'Whether the caller’s welcome is due: a new joiner, password changed, welcome not dismissed',
  responses: { 200: json('The flag', newJoinerWelcomeSchema), ...auth },
});

export const postNewJoinerWelcomeRoute = route({
  ...common,
  method: 'post',
  path: '/api/new-joiner-welcome',
  summary: 'The caller dismissed the welcome (server clock): it is no longer due on any device',
  responses: { 200: json('The flag, now false', newJoinerWelcomeSchema), ...auth },
});
