import { beginViewingRoute } from '../../src/api/schemas/viewings.routes';
import { findVisibleAttachment } from '../domain/attachments';
import { findPublishedItem } from '../domain/on-screen-time';
import { beginViewing, identityVerifiedUntil, viewingOf } from '../domain/viewings';
import { defineRoute } from '../http/define-route';
import { HttpError } from '../http/errors';
import type { ApiApp, AppServices } from '../http/services';

/** ADR 012: the learner opens an item or attachment; its on-screen time is credited only inside this viewing. */
export function registerViewingRoutes(app: ApiApp, s: AppServices): void {
  defineRoute(app, beginViewingRoute, s.requireFullAuth, async (c, { body }) => {
    const now = new Date(s.clock.now());
    const { userId, sessionId } = c.get('session');
    let target: { courseId: number | null; itemId: number | null; attachmentId: number | null };
    if (body.item_id !== undefined) {
      const item = await findPublishedItem(s.db, Number(body.item_id), now);
      if (!item || (body.course_id !== undefined && Number(body.course_id) !== item.courseId)) throw new HttpError(404, 'server:item_not_found');
      target = { courseId: item.courseId, itemId: item.id, attachmentId: null };
    } else {
      const found = await findVisibleAttachment(s.db, Number(body.attachment_id), now);
      if (!found) throw new HttpError(404, 'server:attachment_not_found');
      target = { courseId: found.courseId, itemId: null, attachmentId: found.attachment.id };
    }
    const viewing = await beginViewing(s.db, { userId, sessionId, ...target, now });
    return c.json(viewingOf(viewing, await identityVerifiedUntil(s.db, s.config, userId, now)), 201);
  });
}
