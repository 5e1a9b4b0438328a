import type { Context } from 'hono';
import { onScreenItemParamSchema, onScreenLogPayloadSchema, onScreenTotalResponseSchema } from '../../src/api/schemas/on-screen-log.schema';
import { HEADER, RECORD_EXISTS_MESSAGE } from '../../src/config/constants';
import { findPublishedCourse } from '../domain/courses';
import { checkClaim, courseTotal, findPublishedItem, recordItemDuration } from '../domain/on-screen-log';
import { defineRoute } from '../http/define-route';
import { HttpError } from '../http/errors';
import { bearerSecurity, errorResponses } from '../http/openapi';
import type { ApiApp, AppServices } from '../http/services';

export const recordExistsDescription = "the key was already recorded: exactly {status_code: 403, message: 'Record exists'} (never translated; the client treats it as success)";

/** SPEC §8: the client matches this body's English text, so it is never translated. */
export const recordExistsResponse = (c: Context) => c.json({ status_code: 403, message: RECORD_EXISTS_MESSAGE }, 403);

/**
 * The clock a record's key came from: the browser's (X-Client-Time, sent with the record), else the
 * server's. A device whose clock is off must not lose its time; the check is against counting
 * mistakes (a duration longer than its own clock says has passed), since a browser controls both.
 */
export function claimClock(c: Context, serverNow: number): number {
  const sent = Number(c.req.header(HEADER.clientTime));
  return Number.isSafeInteger(sent) && sent > 0 ? sent : serverNow;
}

/** Refuses a record that claims more time than passed since its key (or a key in the future). */
export function claimRefusal(nowMs: number, key: number, duration: number): void {
  const check = checkClaim(nowMs, key, duration);
  if (check === 'future_key') throw new HttpError(400, 'server:key_in_future');
  if (check === 'too_long') throw new HttpError(400, 'server:duration_too_long');
}

/** SPEC §7 "On-screen time": the time an item is on screen, counted once per key, and a course's total. */
export function registerOnScreenLogRoutes(app: ApiApp, s: AppServices): void {
  const common = { tags: ['on-screen time'], security: bearerSecurity, middleware: s.requireFullAuth };
  const now = () => new Date(s.clock.now());

  defineRoute(
    app,
    {
      ...common,
      method: 'put',
      path: '/api/on_screen_log/{id}',
      summary: 'Record seconds an item (id) was on screen, once per key; enrols in its course and may complete it',
      description:
        'Refused (400) when the duration is longer than the time since the key (plus 5 s), the key is in the future, or the course is completed.',
      request: { params: onScreenItemParamSchema, body: onScreenLogPayloadSchema },
      responses: {
        204: { description: 'Recorded' },
        ...errorResponses.badRequest,
        ...errorResponses.unauthorized,
        ...errorResponses.forbiddenOr(recordExistsDescription),
        ...errorResponses.notFound,
      },
    },
    async (c, { params, body }) => {
      const item = await findPublishedItem(s.db, Number(params.id), now());
      if (!item) throw new HttpError(404, 'server:item_not_found');
      claimRefusal(claimClock(c, s.clock.now()), body.key, body.duration);
      const outcome = await recordItemDuration(s.db, { userId: c.get('session').userId, item, duration: body.duration, key: body.key, now: now() });
      if (outcome === 'exists') return recordExistsResponse(c);
      if (outcome === 'completed') throw new HttpError(400, 'server:course_already_completed');
      return c.body(null, 204);
    },
  );

  defineRoute(
    app,
    {
      ...common,
      method: 'get',
      path: '/api/on_screen_log/course/{id}/total',
      summary: 'The caller’s on-screen seconds in a course (items and attachments), or ["Course has already completed"]',
      request: { params: onScreenItemParamSchema },
      responses: {
        200: { description: 'The total, or the completed form', content: { 'application/json': { schema: onScreenTotalResponseSchema } } },
        ...errorResponses.badRequest,
        ...errorResponses.unauthorized,
        ...errorResponses.forbiddenOr('two-factor is required and this session has not passed it'),
        ...errorResponses.notFound,
      },
    },
    async (c, { params }) => {
      const course = await findPublishedCourse(s.db, Number(params.id), now());
      if (!course) throw new HttpError(404, 'server:course_not_found');
      return c.json(await courseTotal(s.db, c.get('session').userId, course.id), 200);
    },
  );
}
