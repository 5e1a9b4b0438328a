import { callRoute } from './call-route';
import { listQuery, type CallOptions } from './list-query';
import type { MaterialListResponse, MaterialQuery } from './schemas/materials.schema';
import { listMaterialsRoute } from './schemas/materials.routes';

// The material library (issue 5).

export function listMaterials(query: Partial<MaterialQuery> = {}, { signal }: CallOptions = {}): Promise<MaterialListResponse> {
  return callRoute(listMaterialsRoute, { query: listQuery(query), signal });
}
