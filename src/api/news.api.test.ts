import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listNews } from './news.api';
import { json, stubFetch, tokenFor } from './test-helpers';
import { setToken } from '../platform/storage/token-storage';
import { sampleNews } from '../ui/courses/samples';

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => setToken(tokenFor('1')));

const pathOf = (r: Request) => new URL(r.url).pathname;
const paramsOf = (r: Request) => Object.fromEntries(new URL(r.url).searchParams);

describe('news calls', () => {
  it('lists news with their filters', async () => {
    const net = stubFetch(() => json({ data: sampleNews, page: 1, per_page: 12, total: 2 }));
    await expect(listNews({ kind: 'highlight', page: 1 })).resolves.toMatchObject({ total: 2 });
    expect(pathOf(net.last())).toBe('/api/news');
    expect(paramsOf(net.last())).toEqual({ kind: 'highlight', page: '1' });
  });
});
