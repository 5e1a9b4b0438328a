import { describe, expect, it } from 'vitest';
import { createE2eClock, E2E_CLOCK_PATH, withE2eClock } from './e2e-clock';

describe('the e2e servers’ clock (ADR 005)', () => {
  const system = () => {
    let t = 1_000_000;
    return { now: () => t, pass: (ms: number) => (t += ms) };
  };

  it('runs with the system clock, jumps forward, stands at pauseAt and runs on from there', () => {
    const sys = system();
    const clock = createE2eClock(sys.now);
    expect(clock.now()).toBe(1_000_000);
    sys.pass(500);
    expect(clock.now()).toBe(1_000_500);
    clock.advance(10_000);
    expect(clock.now()).toBe(1_010_500);

    clock.pauseAt(1_020_000);
    expect(clock.paused).toBe(true);
    sys.pass(3_000);
    expect(clock.now(), 'standing still while paused').toBe(1_020_000);
    clock.advance(2_000);
    expect(clock.now()).toBe(1_022_000);

    clock.resume();
    expect(clock.paused).toBe(false);
    expect(clock.now()).toBe(1_022_000);
    sys.pass(1_000);
    expect(clock.now()).toBe(1_023_000);
  });

  it('never goes back', () => {
    const clock = createE2eClock(system().now);
    expect(() => clock.pauseAt(999_999)).toThrow(RangeError);
    expect(clock.paused).toBe(false);
  });

  it('answers its path before the app, and passes every other request on', async () => {
    const sys = system();
    const clock = createE2eClock(sys.now);
    const seen: string[] = [];
    const fetch = withE2eClock((request: Request) => {
      seen.push(new URL(request.url).pathname);
      return new Response('app');
    }, clock);
    const call = (method: string, body?: unknown) =>
      fetch(new Request(`http://127.0.0.1${E2E_CLOCK_PATH}`, { method, body: body === undefined ? undefined : JSON.stringify(body) }));

    expect(await (await call('GET')).json()).toEqual({ now: 1_000_000, paused: false });
    expect(await (await call('POST', { advance: 5_000 })).json()).toEqual({ now: 1_005_000, paused: false });
    expect(await (await call('POST', { pauseAt: 1_008_000 })).json()).toEqual({ now: 1_008_000, paused: true });
    expect((await call('POST', { pauseAt: 1_000_000 })).status, 'back in time').toBe(400);
    expect((await call('POST', { advance: -1 })).status).toBe(400);
    expect((await call('POST', { hurry: true })).status).toBe(400);
    expect((await call('DELETE')).status).toBe(405);
    expect(await (await call('POST', { resume: true })).json()).toEqual({ now: 1_008_000, paused: false });
    expect(seen).toEqual([]);

    expect(await (await fetch(new Request('http://127.0.0.1/api/app-config'))).text()).toBe('app');
    expect(seen).toEqual(['/api/app-config']);
  });
});
