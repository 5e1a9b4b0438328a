import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { commitScormRuntimeRoute, getScormRuntimeRoute } from '../../src/api/schemas/scorm.routes';
import type { Db } from '../db/client';
import { scormPackages } from '../db/schema';
import { refreshCompletion } from '../domain/courses';
import { findPublishedItem } from '../domain/on-screen-time';
import { commitRuntime, creditedItemSeconds, findScormItem, runtimeView, startLaunch } from '../domain/scorm';
import { scormFileOf } from '../domain/scorm-files';
import type { AppEnv } from '../http/context';
import { defineRoute } from '../http/define-route';
import { errorResponse, HttpError } from '../http/errors';
import type { ApiApp, AppServices } from '../http/services';
import { readScormFile, SCORM_PACKAGE_ID } from '../storage/scorm-packages';

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
    // A commit that makes the item count may complete the course (ADR 009; completion is final).
    if (result.outcome === 'store' && view.counted_complete) await refreshCompletion(s.db, userId, item.courseId, now);
    return c.json({ launch: result.row.launch, seq: result.row.seq, stored: result.outcome === 'store', counted_complete: view.counted_complete }, 200);
  });
}

/**
 * ADR 029: an installed package's files under /scorm/<package-id>/…, same origin (the SCO reaches
 * window.opener.API) with the app's security headers (set for every answer in app.ts). Only the
 * files listed when the package was installed are served; no token (a popup navigation carries no
 * bearer): package content is trusted, not personal; the learner's data goes through /api/scorm.
 */
export function registerScormFileRoutes(app: Hono<AppEnv>, deps: { db: Db; scormDir: string }): void {
  app.get('/scorm/:package/*', async (c) => {
    const packageId = c.req.param('package');
    if (!SCORM_PACKAGE_ID.test(packageId)) return errorResponse(c, 404, 'server:not_found');
    const prefix = `/scorm/${packageId}/`;
    const requested = c.req.path.startsWith(prefix) ? c.req.path.slice(prefix.length) : '';
    const [pkg] = await deps.db.select({ files: scormPackages.files }).from(scormPackages).where(eq(scormPackages.id, packageId));
    const file = pkg && scormFileOf(pkg.files, requested);
    const body = file && (await readScormFile(deps.scormDir, packageId, file));
    if (!file || !body) return errorResponse(c, 404, 'server:not_found');
    c.header('Content-Type', file.contentType);
    c.header('Cache-Control', 'no-cache');
    c.header('X-Content-Type-Options', 'nosniff');
    return c.body(new Uint8Array(body), 200);
  });
}
