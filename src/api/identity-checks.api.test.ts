import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listIdentityChecks } from './identity-checks.api';
import { setToken } from '../platform/storage/token-storage';
import { json, stubFetch, tokenFor } from './test-helpers';

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => {
  setToken(tokenFor('1'));
});

describe('identity-checks calls', () => {
  it('lists the own checks, paged, parsed with the contract', async () => {
    const page = {
      data: [{ id: '5', type: 'password', outcome: 'failure', course_id: '1', item_id: null, created_at: '2026-01-05T09:00:00.000Z' }],
      page: 2,
      per_page: 10,
      total: 11,
    };
    const net = stubFetch(() => json(page));
    await expect(listIdentityChecks({ page: 2, per_page: 10 })).resolves.toEqual(page);
    const url = new URL(net.last().url);
    expect(url.pathname).toBe('/api/identity-checks');
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '2', per_page: '10' });

    stubFetch(() => json({ data: [{ id: 5 }], page: 1, per_page: 10, total: 1 }));
    await expect(listIdentityChecks()).rejects.toMatchObject({ name: 'InvalidResponseError' });
  });
});
