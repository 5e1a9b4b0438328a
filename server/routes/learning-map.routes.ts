import type { MiddlewareHandler } from 'hono';
import {
  assignLearningMapRoute,
  getLearningMapCatalogueRoute,
  getLearningMapDetailRoute,
  getLearningMapRoute,
} from '../../src/api/schemas/learning-map.routes';
import { assignLearningMap, learningMapCatalogue, learningMapOf, learningMapsFor } from '../domain/learning-map';
import { buildAppConfig } from '../domain/app-config';
import { langOf, type AppEnv } from '../http/context';
import { defineRoute } from '../http/define-route';
import { HttpError } from '../http/errors';
import type { ApiApp, AppServices } from '../http/services';

/** Issue 47 (ADR 098): learning maps, of the caller only (no user id is taken from the request but the manager's choice of downlines). */
export function registerLearningMapRoutes(app: ApiApp, s: AppServices): void {
  // SPEC §6, §9: the feature flag hides the feature, its data too (the spec's configuration has it off).
  const enabled = buildAppConfig(s.config).appEnabledFunction.learningMap;
  const featureOn: MiddlewareHandler<AppEnv> = async (_c, next) => {
    if (!enabled) throw new HttpError(404, 'server:learning_map_not_found');
    await next();
  };
  const auth = [...s.requireFullAuth, featureOn];
  const now = () => new Date(s.clock.now());
  defineRoute(app, getLearningMapRoute, auth, async (c) => c.json(await learningMapsFor(s.db, c.get('session').userId, now(), langOf(c)), 200));
  // Declared before /:id so that "catalogue" is never read as an id.
  defineRoute(app, getLearningMapCatalogueRoute, auth, async (c) => c.json(await learningMapCatalogue(s.db, c.get('session').userId, langOf(c)), 200));
  defineRoute(app, getLearningMapDetailRoute, auth, async (c, { params }) => c.json(await learningMapOf(s.db, c.get('session').userId, Number(params.id), now(), langOf(c)), 200));
  defineRoute(app, assignLearningMapRoute, auth, async (c, { params, body }) =>
    c.json(await assignLearningMap(s.db, c.get('session').userId, Number(params.id), body.user_ids.map(Number), now()), 200),
  );
}
