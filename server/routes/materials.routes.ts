import { listMaterialsRoute } from '../../src/api/schemas/materials.routes';
import { listMaterials } from '../domain/attachments';
import { langOf } from '../http/context';
import { defineRoute } from '../http/define-route';
import type { ApiApp, AppServices } from '../http/services';

/** The material library (/courses/material). */
export function registerMaterialRoutes(app: ApiApp, s: AppServices): void {
  defineRoute(app, listMaterialsRoute, s.requireFullAuth, async (c, { query }) =>
    c.json(await listMaterials(s.db, query, { userId: c.get('session').userId, lang: langOf(c), now: new Date(s.clock.now()) }), 200),
  );
}
