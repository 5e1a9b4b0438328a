import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCpdEvidence, getCpdLedger, getCpdLedgerOf } from './cpd-ledger.api';
import { json, stubFetch, tokenFor } from './test-helpers';
import { setToken } from '../platform/storage/token-storage';
import { COURSE_EVIDENCE, LEDGER } from '../machines/cpd-ledger/cpd-ledger.fixtures';

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => setToken(tokenFor('1')));

describe('cpd-ledger calls', () => {
  it('reads GET /api/cpd/ledger (the current period unless one is asked for) and parses it with the contract', async () => {
    const net = stubFetch(() => json(LEDGER));
    await expect(getCpdLedger()).resolves.toEqual(LEDGER);
    expect(new URL(net.last().url).pathname).toBe('/api/cpd/ledger');
    expect(new URL(net.last().url).search).toBe('');
    expect(net.last().headers.get('Authorization')).toMatch(/^Bearer /);
    await getCpdLedger(2025);
    expect(new URL(net.last().url).searchParams.get('period')).toBe('2025');
  });

  it('reads another licensee’s ledger and a row’s evidence', async () => {
    const net = stubFetch((request) => json(request.url.includes('evidence') ? COURSE_EVIDENCE : LEDGER));
    await getCpdLedgerOf('7', 2026);
    expect(`${new URL(net.last().url).pathname}${new URL(net.last().url).search}`).toBe('/api/cpd/ledger/7?period=2026');
    await expect(getCpdEvidence('course:2')).resolves.toEqual(COURSE_EVIDENCE);
    expect(decodeURIComponent(new URL(net.last().url).pathname)).toBe('/api/cpd/ledger/rows/course:2/evidence');
    await getCpdEvidence('course:2', '7');
    expect(new URL(net.last().url).searchParams.get('user')).toBe('7');
  });

  it('refuses an answer that breaks the contract', async () => {
    stubFetch(() => json({ ...LEDGER, totals: { minutes: 1.5 } }));
    await expect(getCpdLedger()).rejects.toMatchObject({ name: 'InvalidResponseError' });
  });
});
