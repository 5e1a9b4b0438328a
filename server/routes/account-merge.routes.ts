import { completeMergeRoute, previewMergeRoute, requestMergeRoute, undoMergeRoute } from '../../src/api/schemas/account-merge.routes';
import { verifyPassword } from '../auth/password';
import { completeMerge, previewMerge, requestMerge, undoMerge } from '../domain/account-merge';
import { findUserByExternalId, findUserById } from '../domain/users';
import { beginAttempt } from '../http/attempts';
import { langOf } from '../http/context';
import { defineRoute } from '../http/define-route';
import { HttpError } from '../http/errors';
import type { ApiApp, AppServices } from '../http/services';

/** Issue 14: the recruit → agent merge (SPEC §4 account linking); issue 43: its undo. */
export function registerAccountMergeRoutes(app: ApiApp, s: AppServices): void {
  defineRoute(app, requestMergeRoute, s.requireFullAuth, async (c, { body }) => {
    const recruit = await findUserById(s.db, c.get('session').userId);
    if (!recruit) throw new HttpError(401, 'server:session_expired');
    // A wrong agent code or company email counts as a failed guess, like a forgotten-password request.
    const attempt = await beginAttempt(c, s, 'reset', body.agent_code);
    const sent = await requestMerge({ db: s.db, mailer: s.mailer, clock: s.clock, appBaseUrl: s.config.appBaseUrl, ldContactEmail: s.config.ldContactEmail }, recruit, body, langOf(c));
    await attempt.succeeded();
    return c.json(sent, 202);
  });

  defineRoute(app, previewMergeRoute, async (c, { body: { token } }) => c.json(await previewMerge(s.db, s.clock, token, langOf(c), s.config.mergeUndoDays), 200));

  defineRoute(app, completeMergeRoute, async (c, { body: { token, agent_code, password } }) => {
    const attempt = await beginAttempt(c, s, 'signin', agent_code);
    const agent = await findUserByExternalId(s.db, agent_code);
    if (!(await verifyPassword(agent?.passwordHash, password)) || !agent) throw new HttpError(400, 'server:incorrect_credentials');
    await attempt.succeeded();
    const deps = { db: s.db, clock: s.clock, mailer: s.mailer, appBaseUrl: s.config.appBaseUrl, undoDays: s.config.mergeUndoDays };
    return c.json(await completeMerge(deps, token, agent.id, langOf(c)), 200);
  });

  defineRoute(app, undoMergeRoute, async (c, { body: { undo_token } }) => c.json(await undoMerge(s.db, s.clock, undo_token, s.config.mergeUndoDays), 200));
}
