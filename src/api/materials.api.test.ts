import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listMaterials } from './materials.api';
import { json, stubFetch, tokenFor } from './test-helpers';
import { setToken } from '../platform/storage/token-storage';
import { sampleMaterials } from '../ui/courses/samples';

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => setToken(tokenFor('1')));

const pathOf = (r: Request) => new URL(r.url).pathname;
const paramsOf = (r: Request) => Object.fromEntries(new URL(r.url).searchParams);

describe('materials calls', () => {
  it('lists materials with their filters', async () => {
    const net = stubFetch(() => json({ data: sampleMaterials, page: 1, per_page: 12, total: 3 }));
    await expect(listMaterials({ type: 'pdf', language: 'zh-Hant', q: 'guide' })).resolves.toMatchObject({ total: 3 });
    expect(pathOf(net.last())).toBe('/api/materials');
    expect(paramsOf(net.last())).toEqual({ type: 'pdf', language: 'zh-Hant', q: 'guide' });
  });
});
