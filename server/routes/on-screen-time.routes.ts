import type { Context } from 'hono';
import { getCourseTotalRoute, putItemLogRoute } from '../../src/api/schemas/on-screen-time.routes';
import { HEADER, RECORD_EXISTS_MESSAGE } from '../../src/config/constants';
import { findPublishedCourse } from '../domain/courses';
import { checkClaim, courseTotal, findPublishedItem, recordItemDuration, type Claim } from '../domain/on-screen-time';
import { findViewing, type ViewingRow } from '../domain/viewings';
import { defineRoute } from '../http/define-route';
import { HttpError } from '../http/errors';
import type { ApiApp, AppServices } from '../http/services';

/** SPEC §8: the client matches this body's English text, so it is never translated. */
export const recordExistsResponse = (c: Context) => c.json({ status_code: 403, message: RECORD_EXISTS_MESSAGE }, 403);

/**
 * The clock a record's key came from: the browser's (X-Client-Time, sent with the record), else the
 * server's. It explains the device's offset and nothing more (ADR 012): the record's seconds are
 * credited on the server's own timeline, inside its viewing.
 */
export function claimClock(c: Context, serverNow: number): number {
  const sent = Number(c.req.header(HEADER.clientTime));
  return Number.isSafeInteger(sent) && sent > 0 ? sent : serverNow;
}

/** The record's viewing: the caller's own, of this very item or attachment (ADR 012). */
export async function viewingOfRecord(s: AppServices, userId: number, viewingId: string, target: { itemId?: number; attachmentId?: number }): Promise<ViewingRow> {
  const viewing = await findViewing(s.db, userId, Number(viewingId), target);
  if (!viewing) throw new HttpError(400, 'server:viewing_not_found');
  return viewing;
}

/** The claim as the crediting needs it: the device's clock offset comes from X-Client-Time. */
export function claimOf(c: Context, s: AppServices, viewing: ViewingRow, duration: number): Claim {
  const serverNow = s.clock.now();
  return { viewing, duration, clientOffsetMs: claimClock(c, serverNow) - serverNow, now: new Date(serverNow), config: s.config };
}

/** Refuses a record that claims more time than passed since its key (or a key in the future). */
export function claimRefusal(nowMs: number, key: number, duration: number): void {
  const check = checkClaim(nowMs, key, duration);
  if (check === 'future_key') throw new HttpError(400, 'server:key_in_future');
  if (check === 'too_long') throw new HttpError(400, 'server:duration_too_long');
}

/** SPEC §7 "On-screen time": the time an item is on screen, counted once per key, and a course's total. */
export function registerOnScreenLogRoutes(app: ApiApp, s: AppServices): void {
  const now = () => new Date(s.clock.now());

  defineRoute(app, putItemLogRoute, s.requireFullAuth, async (c, { params, body }) => {
    const item = await findPublishedItem(s.db, Number(params.id), now());
    if (!item) throw new HttpError(404, 'server:item_not_found');
    claimRefusal(claimClock(c, s.clock.now()), body.key, body.duration);
    const userId = c.get('session').userId;
    const viewing = await viewingOfRecord(s, userId, body.viewing_id, { itemId: item.id });
    const result = await recordItemDuration(s.db, { userId, item, key: body.key, claim: claimOf(c, s, viewing, body.duration) });
    if (result.outcome === 'exists') return recordExistsResponse(c);
    if (result.outcome === 'completed') throw new HttpError(400, 'server:course_already_completed');
    return c.json(result.credit, 200);
  });

  defineRoute(app, getCourseTotalRoute, s.requireFullAuth, async (c, { params }) => {
    const course = await findPublishedCourse(s.db, Number(params.id), now());
    if (!course) throw new HttpError(404, 'server:course_not_found');
    return c.json(await courseTotal(s.db, c.get('session').userId, course.id), 200);
  });
}
