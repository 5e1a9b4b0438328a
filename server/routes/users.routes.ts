import {
  changePasswordPayloadSchema,
  currentUserSchema,
  findUsersQuerySchema,
  findUsersResponseSchema,
  publicUserSchema,
  userIdParamSchema,
} from '../../src/api/schemas/user.schema';
import { hashPassword, isCommonPassword, verifyPassword } from '../auth/password';
import { currentUser, findUserById, findUsers, setPassword, toPublicUser } from '../domain/users';
import { beginAttempt } from '../http/attempts';
import { defineLegacyRoute as defineRoute } from '../http/legacy-define-route';
import { HttpError } from '../http/errors';
import { bearerSecurity, errorResponses } from '../http/openapi';
import type { ApiApp, AppServices } from '../http/services';

const json = <T>(description: string, schema: T) => ({ description, content: { 'application/json': { schema } } });

export function registerUserRoutes(app: ApiApp, s: AppServices): void {
  // users/current stays open to a session that has not passed a required second factor: the
  // activation page needs the agent code.
  const common = { tags: ['users'], security: bearerSecurity, middleware: s.requireFullAuth };

  // Registered before /users/{id}: the router tries routes in order.
  defineRoute(
    app,
    {
      ...common,
      middleware: s.requireAuth,
      method: 'get',
      path: '/api/users/current',
      summary: 'The signed-in user (SPEC §3 Current user)',
      responses: { 200: json('The current user', currentUserSchema), ...errorResponses.unauthorized },
    },
    async (c) => {
      const row = await findUserById(s.db, c.get('session').userId);
      if (!row) throw new HttpError(401, 'server:session_expired');
      return c.json(await currentUser(s.db, row), 200);
    },
  );

  defineRoute(
    app,
    {
      ...common,
      method: 'get',
      path: '/api/users/find',
      summary: 'Users whose name or agent code contains `name` (case-insensitive), paged; public fields only',
      request: { query: findUsersQuerySchema },
      responses: { 200: json('A page of users', findUsersResponseSchema), ...errorResponses.badRequest, ...errorResponses.unauthorized },
    },
    async (c, { query }) => c.json(await findUsers(s.db, query), 200),
  );

  defineRoute(
    app,
    {
      ...common,
      // The one thing a user who must change the initial password may do (with users/current).
      middleware: s.requireAuthToChangePassword,
      method: 'put',
      path: '/api/users/current/password',
      summary: 'Change the password (8–12, upper and lower case, not a common one, not the current one); sets password_reset',
      description: 'Every other session of the user is ended; this one continues. The current password as the new one → 400.',
      request: { body: changePasswordPayloadSchema },
      responses: {
        204: { description: 'Changed' },
        ...errorResponses.badRequest,
        ...errorResponses.unauthorized,
        ...errorResponses.forbidden,
        ...errorResponses.tooManyRequests,
      },
    },
    async (c, { body: { old_password, new_password } }) => {
      const session = c.get('session');
      const row = await findUserById(s.db, session.userId);
      if (!row) throw new HttpError(401, 'server:session_expired');
      if (isCommonPassword(new_password)) throw new HttpError(400, 'validation:password_common');
      // A stolen session must not be a way to guess the password without limit.
      const attempt = await beginAttempt(c, s, 'signin', row.externalId);
      if (!(await verifyPassword(row.passwordHash, old_password))) throw new HttpError(400, 'server:wrong_old_password');
      await attempt.succeeded();
      // Keeping the initial (or any current) password is not a change (SPEC §4 forced change).
      if (new_password === old_password) throw new HttpError(400, 'server:password_unchanged');
      await setPassword(s.db, row.id, await hashPassword(new_password));
      await s.sessions.revokeOthers(row.id, session.sessionId);
      return c.body(null, 204);
    },
  );

  defineRoute(
    app,
    {
      ...common,
      method: 'get',
      path: '/api/users/{id}',
      summary: 'What a learner may see of another user',
      request: { params: userIdParamSchema },
      responses: {
        200: json('The user', publicUserSchema),
        ...errorResponses.badRequest,
        ...errorResponses.unauthorized,
        ...errorResponses.notFound,
      },
    },
    async (c, { params }) => {
      const row = await findUserById(s.db, Number(params.id));
      if (!row) throw new HttpError(404, 'server:user_not_found');
      return c.json(toPublicUser(row), 200);
    },
  );
}
