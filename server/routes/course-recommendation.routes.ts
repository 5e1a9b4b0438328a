import type { MiddlewareHandler } from 'hono';
import { postCourseRecommendationRoute } from '../../src/api/schemas/course-recommendation.routes';
import { buildAppConfig } from '../domain/app-config';
import { recommendCourse } from '../domain/course-recommendation';
import type { AppEnv } from '../http/context';
import { defineRoute } from '../http/define-route';
import { HttpError } from '../http/errors';
import type { ApiApp, AppServices } from '../http/services';

/** Issue 48, ADR 103: recommending a course to colleagues; the sender is the caller, times from the server's clock. */
export function registerCourseRecommendationRoutes(app: ApiApp, s: AppServices): void {
  // SPEC §6, §9: the `recommend` flag hides the feature (the spec's configuration has it off; the demo on).
  const enabled = buildAppConfig(s.config).appEnabledFunction.recommend;
  const featureOn: MiddlewareHandler<AppEnv> = async (_c, next) => {
    if (!enabled) throw new HttpError(404, 'server:course_recommendation_off');
    await next();
  };
  defineRoute(app, postCourseRecommendationRoute, [...s.requireFullAuth, featureOn], async (c, { params, body }) =>
    c.json(await recommendCourse(s.db, c.get('session').userId, Number(params.id), body.user_ids.map(Number), new Date(s.clock.now())), 200),
  );
}
