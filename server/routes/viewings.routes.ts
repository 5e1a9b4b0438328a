import { viewingPayloadSchema, viewingSchema } from '../../src/api/schemas/viewing.schema';
import { findVisibleAttachment } from '../domain/attachments';
import { findPublishedItem } from '../domain/on-screen-log';
import { beginViewing, identityVerifiedUntil, viewingOf } from '../domain/viewings';
import { defineLegacyRoute as defineRoute } from '../http/legacy-define-route';
import { HttpError } from '../http/errors';
import { bearerSecurity, errorResponses } from '../http/openapi';
import type { ApiApp, AppServices } from '../http/services';

/** ADR 012: the learner opens an item or attachment; its on-screen time is credited only inside this viewing. */
export function registerViewingRoutes(app: ApiApp, s: AppServices): void {
  defineRoute(
    app,
    {
      tags: ['on-screen time'],
      security: bearerSecurity,
      middleware: s.requireFullAuth,
      method: 'post',
      path: '/api/viewings',
      summary: 'Begin a viewing of a reading item or an attachment (server clock); on-screen records name it',
      description:
        'Answers the viewing and until when the learner’s identity counts as verified (null when continual authentication is off): ' +
        'time after that is credited only once an identity check is passed.',
      request: { body: viewingPayloadSchema },
      responses: {
        201: { description: 'The viewing began', content: { 'application/json': { schema: viewingSchema } } },
        ...errorResponses.badRequest,
        ...errorResponses.unauthorized,
        ...errorResponses.forbiddenOr('two-factor is required and this session has not passed it'),
        ...errorResponses.notFound,
      },
    },
    async (c, { body }) => {
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
    },
  );
}
