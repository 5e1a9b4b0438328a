import { z } from 'zod/mini';

/**
 * One page of a paged list, as every paged endpoint answers it (courses, materials, news,
 * identity checks): `{ data, page, per_page, total }`. The one place the shape is written, so a
 * list of a new feature is `pagedResponseSchema(itemSchema)`, and the client's `paged-list`
 * machine reads every such page the same way.
 */
export function pagedResponseSchema<Item extends z.core.SomeType>(item: Item) {
  return z.object({
    data: z.array(item),
    page: z.int(),
    per_page: z.int(),
    total: z.int(),
  });
}

/** The page type of a paged list of `Item` (what `pagedResponseSchema(itemSchema)` parses to). */
export interface PagedResponse<Item> {
  data: Item[];
  page: number;
  per_page: number;
  total: number;
}
