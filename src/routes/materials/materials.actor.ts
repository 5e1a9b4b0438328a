import { listMaterials } from '../../api/materials.api';
import type { Material } from '../../api/schemas/materials.schema';
import { createPagedListMachine, type ListQuery } from '../../machines/paged-list/paged-list.machine';
import { loadPage } from '../paged-list.actor';

// The material library's list wired to its call (its own file since ADR 066: the catalogue's
// pages no longer load the library's API and contract).

export const materialListMachine = createPagedListMachine<Material>('materialList').provide({
  actors: { loadPage: loadPage<Material, ListQuery>((query, signal) => listMaterials(query, { signal })) },
});
