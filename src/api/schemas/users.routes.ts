import { bearerSecurity, empty, errorResponses, json, route } from '../route-contract';
import { currentUserPath } from './users.paths';
import { changePasswordPayloadSchema, currentUserSchema, findUsersQuerySchema, findUsersResponseSchema, publicUserSchema, userIdParamSchema } from './users.schema';

// ADR 018: the users endpoints, declared once for the server, the client and the document.

const common = { tags: ['users'], security: bearerSecurity } as const;

export const getCurrentUserRoute = route({
  ...common,
  method: 'get',
  path: currentUserPath,
  summary: 'The signed-in user (SPEC §3 Current user)',
  responses: { 200: json('The current user', currentUserSchema), ...errorResponses.unauthorized },
});

export const findUsersRoute = route({
  ...common,
  method: 'get',
  path: '/api/users/find',
  summary: 'Users whose name or agent code contains `name` (case-insensitive), paged; public fields only',
  request: { query: findUsersQuerySchema },
  responses: { 200: json('A page of users', findUsersResponseSchema), ...errorResponses.badRequest, ...errorResponses.unauthorized },
});

export const changePasswordRoute = route({
  ...common,
  method: 'put',
  path: '/api/users/current/password',
  summary: 'Change the password (8–12, upper and lower case, not a common one, not the current one); sets password_reset',
  description: 'Every other session of the user is ended; this one continues. The current password as the new one → 400.',
  request: { body: changePasswordPayloadSchema },
  responses: {
    204: empty('Changed'),
    ...errorResponses.badRequest,
    ...errorResponses.unauthorized,
    ...errorResponses.forbidden,
    ...errorResponses.tooManyRequests,
  },
});

export const getUserRoute = route({
  ...common,
  method: 'get',
  path: '/api/users/:id',
  summary: 'What a learner may see of another user',
  request: { params: userIdParamSchema },
  responses: { 200: json('The user', publicUserSchema), ...errorResponses.badRequest, ...errorResponses.unauthorized, ...errorResponses.notFound },
});
