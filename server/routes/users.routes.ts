import { changePasswordRoute, findUsersRoute, getCurrentUserRoute, getUserRoute } from '../../src/api/schemas/users.routes';
import { hashPassword, isCommonPassword, verifyPassword } from '../auth/password';
import { findUserById, findUsers, setPassword, toCurrentUser, toPublicUser } from '../domain/users';
import { beginAttempt } from '../http/attempts';
import { defineRoute } from '../http/define-route';
import { HttpError } from '../http/errors';
import type { ApiApp, AppServices } from '../http/services';

export function registerUserRoutes(app: ApiApp, s: AppServices): void {
  // users/current stays open to a session that has not passed a required second factor: the
  // activation page needs the agent code.

  // Registered before /users/{id}: the router tries routes in order.
  // The sign-in check read the user in its query (ADR 037): no query of its own.
  defineRoute(app, getCurrentUserRoute, s.requireAuth, (c) => c.json(toCurrentUser(c.get('session').user), 200));

  defineRoute(app, findUsersRoute, s.requireFullAuth, async (c, { query }) => c.json(await findUsers(s.db, query), 200));

  // The one thing a user who must change the initial password may do (with users/current).
  defineRoute(app, changePasswordRoute, s.requireAuthToChangePassword, async (c, { body: { old_password, new_password } }) => {
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
  });

  defineRoute(app, getUserRoute, s.requireFullAuth, async (c, { params }) => {
    const row = await findUserById(s.db, Number(params.id));
    if (!row) throw new HttpError(404, 'server:user_not_found');
    return c.json(toPublicUser(row), 200);
  });
}
