import { createRecruitAccountRoute } from '../../src/api/schemas/recruit-accounts.routes';
import { createRecruitAccount } from '../domain/recruit-accounts';
import { findUserById } from '../domain/users';
import { langOf } from '../http/context';
import { defineRoute } from '../http/define-route';
import { HttpError } from '../http/errors';
import type { ApiApp, AppServices } from '../http/services';

/** Issue 14: managers create pre-recruit and recruit accounts. */
export function registerRecruitAccountRoutes(app: ApiApp, s: AppServices): void {
  defineRoute(app, createRecruitAccountRoute, s.requireFullAuth, async (c, { body }) => {
    const user = await findUserById(s.db, c.get('session').userId);
    if (!user) throw new HttpError(401, 'server:session_expired');
    const account = await createRecruitAccount({ db: s.db, mailer: s.mailer, appBaseUrl: s.config.appBaseUrl, now: new Date(s.clock.now()) }, user, body, langOf(c));
    return c.json(account, 201);
  });
}
