import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetCourseTotal, getCourseTotal, isRecordExists, putItemLog } from './on-screen-time.api';
import { ApiRequestError } from './http';
import { json, stubFetch } from './test-helpers';
import { CACHE_LIFETIME_MS } from '../config/constants';

beforeEach(() => forgetCourseTotal());
afterEach(() => vi.unstubAllGlobals());

describe('putItemLog', () => {
  it('puts duration, key and viewing, and answers what the server credited', async () => {
    const net = stubFetch(() => json({ claimed: 40, credited: 40, trimmed: [] }));
    expect(await putItemLog('12', { duration: 40, key: 1767600000000, viewing_id: '5' })).toEqual({ claimed: 40, credited: 40, trimmed: [] });
    expect(net.last().method).toBe('PUT');
    expect(net.last().url).toBe(`${location.origin}/api/on_screen_log/12`);
    expect(JSON.parse(net.lastBody() ?? '')).toEqual({ duration: 40, key: 1767600000000, viewing_id: '5' });
    // The device's clock goes with it: the server checks the duration against the key's clock.
    const sentAt = Number(net.last().headers.get('X-Client-Time'));
    expect(Math.abs(sentAt - Date.now())).toBeLessThan(5_000);
  });

  it("a repeated key is recognised as 'Record exists', other errors are not", async () => {
    stubFetch(() => json({ status_code: 403, message: 'Record exists' }, 403));
    const repeat = await putItemLog('12', { duration: 40, key: 1, viewing_id: '5' }).catch((e: unknown) => e);
    expect(isRecordExists(repeat)).toBe(true);
    stubFetch(() => json({ status_code: 403, message: 'Forbidden' }, 403));
    expect(isRecordExists(await putItemLog('12', { duration: 40, key: 1, viewing_id: '5' }).catch((e: unknown) => e))).toBe(false);
    stubFetch(() => json({ status_code: 400, message: 'Record exists' }, 400));
    expect(isRecordExists(await putItemLog('12', { duration: 40, key: 1, viewing_id: '5' }).catch((e: unknown) => e))).toBe(false);
    expect(isRecordExists(new Error('Record exists'))).toBe(false);
    expect(isRecordExists(new ApiRequestError(403, null, 'Record exists'))).toBe(true);
  });
});

describe('getCourseTotal', () => {
  it('maps the total and the completed form', async () => {
    stubFetch((r) => (r.url.endsWith('/1/total') ? json({ total_duration: 125 }) : json(['Course has already completed'])));
    await expect(getCourseTotal('1', 0)).resolves.toEqual({ completed: false, total: 125 });
    await expect(getCourseTotal('2', 0)).resolves.toEqual({ completed: true });
  });

  it('rejects an answer of neither form', async () => {
    stubFetch(() => json(['something else']));
    await expect(getCourseTotal('1', 0)).rejects.toMatchObject({ name: 'InvalidResponseError' });
  });

  it('serves the same course from the cache within the lifetime, one request for concurrent callers', async () => {
    let total = 100;
    const net = stubFetch(() => json({ total_duration: total++ }));
    const [a, b] = await Promise.all([getCourseTotal('1', 1000), getCourseTotal('1', 1000)]);
    expect(a).toEqual({ completed: false, total: 100 });
    expect(b).toEqual(a);
    await expect(getCourseTotal('1', 1000 + CACHE_LIFETIME_MS - 1)).resolves.toEqual(a);
    expect(net.requests).toHaveLength(1);
    await expect(getCourseTotal('1', 1000 + CACHE_LIFETIME_MS)).resolves.toEqual({ completed: false, total: 101 });
    expect(net.requests).toHaveLength(2);
  });

  it('drops the cache when the course differs', async () => {
    const net = stubFetch((r) => json({ total_duration: r.url.includes('/course/1/') ? 10 : 20 }));
    await getCourseTotal('1', 0);
    await getCourseTotal('2', 0);
    await expect(getCourseTotal('1', 0)).resolves.toEqual({ completed: false, total: 10 });
    expect(net.requests.map((r) => new URL(r.url).pathname)).toEqual([
      '/api/on_screen_log/course/1/total',
      '/api/on_screen_log/course/2/total',
      '/api/on_screen_log/course/1/total',
    ]);
  });

  it('does not keep a failure, and forgetCourseTotal forces a new request', async () => {
    let fail = true;
    const net = stubFetch(() => (fail ? json({ status_code: 500, message: 'boom' }, 500) : json({ total_duration: 5 })));
    await expect(getCourseTotal('1', 0)).rejects.toBeInstanceOf(ApiRequestError);
    fail = false;
    await expect(getCourseTotal('1', 0)).resolves.toEqual({ completed: false, total: 5 });
    forgetCourseTotal();
    await getCourseTotal('1', 0);
    expect(net.requests).toHaveLength(3);
  });
});
