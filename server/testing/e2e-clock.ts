import type { Clock } from '../clock';

// ADR 005: the end-to-end journeys move the server's clock together with the page's
// (Playwright's page.clock), so that what the server decides by its clock (a token's expiry, a
// refresh) follows the time the page is shown, without waiting for real seconds. Only the e2e
// servers turn it on (E2E_CLOCK=1, see server/main.ts): never a real deployment.

/** The path the journeys call (outside /api: no contract, no XSRF, no client use). */
export const E2E_CLOCK_PATH = '/__e2e/clock';

/** A clock that runs with the system clock, can jump forward, and can stand still. */
export interface E2eClock extends Clock {
  /** Moves forward by `ms` (standing or running). */
  advance(ms: number): void;
  /** Jumps to `ms` (never back) and stands there until `resume`. */
  pauseAt(ms: number): void;
  /** Runs again from where it stands. */
  resume(): void;
  readonly paused: boolean;
}

export function createE2eClock(system: () => number = Date.now): E2eClock {
  let offset = 0;
  let standing: number | null = null;
  const now = () => standing ?? system() + offset;
  return {
    now,
    advance: (ms) => {
      if (standing !== null) standing += ms;
      else offset += ms;
    },
    pauseAt: (ms) => {
      if (ms < now()) throw new RangeError(`the clock cannot go back (now ${now()}, asked ${ms})`);
      standing = ms;
    },
    resume: () => {
      if (standing === null) return;
      offset = standing - system();
      standing = null;
    },
    get paused() {
      return standing !== null;
    },
  };
}

type Fetch = (request: Request, ...rest: never[]) => Response | Promise<Response>;

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * Answers E2E_CLOCK_PATH before the app sees the request; every other request goes to `fetch`.
 * GET: `{ now, paused }`. POST `{ advance: ms }`, `{ pauseAt: ms }` or `{ resume: true }`: does it,
 * then answers the same. A time that would go back, or a body of another shape, answers 400.
 */
export function withE2eClock<F extends Fetch>(fetch: F, clock: E2eClock): F {
  const state = () => json({ now: clock.now(), paused: clock.paused });
  const control = async (request: Request): Promise<Response> => {
    if (request.method === 'GET') return state();
    if (request.method !== 'POST') return json({ message: 'GET or POST' }, 405);
    const body = (await request.json().catch(() => null)) as { advance?: unknown; pauseAt?: unknown; resume?: unknown } | null;
    const whole = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
    try {
      if (whole(body?.advance)) clock.advance(body.advance);
      else if (whole(body?.pauseAt)) clock.pauseAt(body.pauseAt);
      else if (body?.resume === true) clock.resume();
      else return json({ message: 'expected { advance: ms }, { pauseAt: ms } or { resume: true }' }, 400);
    } catch (error) {
      return json({ message: (error as Error).message }, 400);
    }
    return state();
  };
  return ((request: Request, ...rest: never[]) => (new URL(request.url).pathname === E2E_CLOCK_PATH ? control(request) : fetch(request, ...rest))) as F;
}
