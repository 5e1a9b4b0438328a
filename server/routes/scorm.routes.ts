import { commitScormRuntimeRoute, getScormRuntimeRoute } from '../../src/api/schemas/scorm.routes';
import { findPublishedItem } from '../domain/on-screen-time';
import { commitRuntime, creditedItemSeconds, findScormItem, runtimeView, startLaunch } from '../domain/scorm';
import { defineRoute } from '../http/define-route';
import { HttpError } from '../http/errors';
import type { ApiApp, AppServices } from '../http/services';

/** SCORM course items (issue 13, ADR 029): the learner's runtime data; the user is the token's, never the request's. */
export function registerScormRoutes(app: ApiApp, s: AppServices): void {
  /** A SCORM item of a published course, or 404 (the same answer for an item that runs no package). */
  const scormItemOf = async (id: string, now: Date) => {
    const published = await findPublishedItem(s.db, Number(id), now);
    const item = published && (await findScormItem(s.db, published.id));
    if (!item) throw new HttpError(404, 'server:item_not_found');
    return item;
  };

  defineRoute(app, getScormRuntimeRoute, s.requireFullAuth, async (c, { params }) => {
    const now = new Date(s.clock.now());
    const { userId } = c.get('session');
    const item = await scormItemOf(params.id, now);
    const row = await startLaunch(s.db, userId, item.itemId, now);
    return c.json(runtimeView(row, item, await creditedItemSeconds(s.db, userId, item.itemId)), 200);
  });

  defineRoute(app, commitScormRuntimeRoute, s.requireFullAuth, async (c, { params, body }) => {
    const now = new Date(s.clock.now());
    const { userId } = c.get('session');
    const item = await scormItemOf(params.id, now);
    const result = await commitRuntime(s.db, userId, item.itemId, body, now);
    if (result.outcome === 'unknown_launch') throw new HttpError(409, 'server:scorm_launch_unknown');
    const view = runtimeView(result.row, item, await creditedItemSeconds(s.db, userId, item.itemId));
    return c.json({ launch: result.row.launch, seq: result.row.seq, stored: result.outcome === 'store', counted_complete: view.counted_complete }, 200);
  });
}
