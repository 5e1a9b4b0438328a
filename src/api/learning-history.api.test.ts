import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getLearningHistory } from './learning-history.api';
import { json, stubFetch, tokenFor } from './test-helpers';
import { setToken } from '../platform/storage/token-storage';

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => setToken(tokenFor('1')));

const pathOf = (r: Request) => new URL(r.url).pathname;
const paramsOf = (r: Request) => Object.fromEntries(new URL(r.url).searchParams);

const summary = {
  from: '2026-08-01',
  to: '2027-07-31',
  completed: 3,
  compulsory: 1,
  non_compulsory: 1,
  recommended: 1,
  in_progress: 4,
  on_screen_hours: 1.25,
  cpd_ethics_hours: 5,
  cpd_other_hours: 3,
} as const;

describe('learning history call', () => {
  it('reads the default period (no query) with the bearer token', async () => {
    const net = stubFetch(() => json(summary));
    await expect(getLearningHistory()).resolves.toEqual(summary);
    expect(net.last().method).toBe('GET');
    expect(pathOf(net.last())).toBe('/api/learning_history/all');
    expect(paramsOf(net.last())).toEqual({});
    expect(net.last().headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('sends the period asked for, and leaves a blank day out (the server’s default)', async () => {
    const net = stubFetch(() => json({ ...summary, from: '2026-09-01', to: '2026-09-30' }));
    await getLearningHistory({ from_date: '2026-09-01', to_date: '2026-09-30' });
    expect(paramsOf(net.last())).toEqual({ from_date: '2026-09-01', to_date: '2026-09-30' });
    await getLearningHistory({ from_date: '2026-09-01', to_date: '' });
    expect(paramsOf(net.last())).toEqual({ from_date: '2026-09-01' });
  });

  it('passes an abort signal through', async () => {
    const controller = new AbortController();
    const net = stubFetch(() => new Promise<Response>(() => undefined));
    void getLearningHistory({}, { signal: controller.signal }).catch(() => undefined);
    await vi.waitFor(() => expect(net.requests).toHaveLength(1));
    expect(net.last().signal.aborted).toBe(false);
    controller.abort();
    expect(net.last().signal.aborted).toBe(true);
  });

  it('rejects with the server’s translated message when the period is refused', async () => {
    stubFetch(() => json({ status_code: 400, message: 'The start of the period must not be after its end.' }, 400));
    await expect(getLearningHistory({ from_date: '2026-09-30', to_date: '2026-09-01' })).rejects.toMatchObject({
      status: 400,
      message: 'The start of the period must not be after its end.',
    });
  });

  it('refuses a summary that breaks the contract', async () => {
    stubFetch(() => json({ ...summary, cpd_ethics_hours: -1 }));
    await expect(getLearningHistory()).rejects.toMatchObject({ name: 'InvalidResponseError' });
  });
});
