import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { pagedResponseSchema } from './paged.schema';

describe('pagedResponseSchema', () => {
  const schema = pagedResponseSchema(z.object({ id: z.string() }));

  it('parses a page of typed items', () => {
    expect(schema.parse({ data: [{ id: '1' }], page: 1, per_page: 12, total: 1 })).toEqual({ data: [{ id: '1' }], page: 1, per_page: 12, total: 1 });
  });

  it('rejects a page without its total or with a wrong item', () => {
    expect(schema.safeParse({ data: [], page: 1, per_page: 12 }).success).toBe(false);
    expect(schema.safeParse({ data: [{ id: 1 }], page: 1, per_page: 12, total: 1 }).success).toBe(false);
  });
});
