import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { SubmissionError } from '../shared/submission-error';
import { continualAuthMachine, promptDelayMs, UserUnavailableError, type CheckIdentityInput, type ContinualAuthSettings } from './continual-auth.machine';
import { selectCanVerifyManually, selectContinualAuthModal } from './continual-auth.selectors';

// SPEC §4 "Continual authentication" and §9 (interval), on XState's simulated clock.
const spec: ContinualAuthSettings = { enabled: true, min: 15, max: 30, unitSeconds: 60 };
const MIN = 60_000;

afterEach(() => vi.restoreAllMocks());

function start({
  settings = spec,
  check = async (_: CheckIdentityInput) => undefined as void,
  type = 'password' as 'password' | 'authenticator',
  challenge = undefined as undefined | (() => Promise<'password' | 'authenticator'>),
} = {}) {
  const clock = new SimulatedClock();
  const effects: string[] = [];
  const checks: CheckIdentityInput[] = [];
  const effect = (name: string) => () => void effects.push(name);
  const actor = createActor(
    continualAuthMachine.provide({
      actors: {
        challengeType: fromPromise(async () => (challenge ? challenge() : type)),
        checkIdentity: fromPromise<void, CheckIdentityInput>(({ input }) => {
          checks.push(input);
          return check(input);
        }),
      },
      actions: {
        pauseTimer: effect('pauseTimer'),
        restartTimer: effect('restartTimer'),
        pauseVideo: effect('pauseVideo'),
        restartVideo: effect('restartVideo'),
        alertNoUser: effect('alertNoUser'),
      },
    }),
    { input: { settings }, clock },
  ).start();
  return {
    actor,
    clock,
    effects,
    checks,
    send: actor.send.bind(actor),
    state: () => actor.getSnapshot().value,
    ctx: () => actor.getSnapshot().context,
    modal: () => selectContinualAuthModal(actor.getSnapshot()),
    /** Moves the clock by `ms` and lets promises settle. */
    advance: async (ms: number) => {
      clock.increment(ms);
      await new Promise<void>((r) => setTimeout(r, 0));
    },
  };
}
const settle = () => new Promise<void>((r) => setTimeout(r, 0));

describe('random delay (SPEC §9)', () => {
  it('is a whole number of units, at least min and below max', () => {
    const seen = new Set<number>();
    for (let r = 0; r < 1; r += 0.001) {
      const ms = promptDelayMs(spec, r);
      expect(ms % MIN).toBe(0);
      expect(ms).toBeGreaterThanOrEqual(15 * MIN);
      expect(ms).toBeLessThan(30 * MIN);
      seen.add(ms / MIN);
    }
    // Every whole minute of [15, 30) can come up.
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 15 }, (_, i) => 15 + i));
    expect(promptDelayMs(spec, 0.999_999_999)).toBe(29 * MIN);
    expect(promptDelayMs({ ...spec, min: 2, max: 4, unitSeconds: 1 }, 0)).toBe(2_000);
    // An empty range still waits min units.
    expect(promptDelayMs({ ...spec, min: 5, max: 5 }, 0.7)).toBe(5 * MIN);
  });

  it('the machine waits the drawn delay on the clock (Math.random by default)', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const s = start();
    s.send({ type: 'ca.enable', id: 'course:1', courseId: '1' });
    expect(s.ctx().delayMs).toBe(22 * MIN);
    await s.advance(22 * MIN - 1);
    expect(s.modal().open).toBe(false);
    await s.advance(1);
    expect(s.modal().open).toBe(true);
  });

  it('draws a new delay for every prompt', async () => {
    const draws = [0, 0.99];
    vi.spyOn(Math, 'random').mockImplementation(() => draws.shift() ?? 0.5);
    const s = start();
    s.send({ type: 'ca.enable', id: 'course:1' });
    await s.advance(15 * MIN);
    expect(s.modal().open).toBe(true);
    await settle();
    s.send({ type: 'check.submit', answer: 'Learner2026' });
    await settle();
    expect(s.state()).toBe('scheduled');
    expect(s.ctx().delayMs).toBe(29 * MIN);
    await s.advance(29 * MIN - 1);
    expect(s.modal().open).toBe(false);
    await s.advance(1);
    expect(s.modal().open).toBe(true);
  });
});

describe('continual authentication rules (SPEC §4)', () => {
  it('after the delay a registered id pauses the timer and opens the non-cancellable modal; its close restarts the timer and schedules the next', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const s = start();
    s.send({ type: 'ca.enable', id: 'course:1', courseId: '1' });
    expect(s.ctx()).toMatchObject({ enabled: true, started: true, ids: ['course:1'] });
    s.clock.increment(15 * MIN);
    expect(s.effects).toEqual(['pauseTimer', 'pauseVideo']);
    // The challenge type is being read.
    expect(s.modal()).toMatchObject({ open: true, cancellable: false, loading: true });
    await settle();
    expect(s.modal()).toMatchObject({ open: true, type: 'password', loading: false });
    // Not cancellable: cancel does nothing.
    s.send({ type: 'check.cancel' });
    expect(s.modal().open).toBe(true);
    s.send({ type: 'check.submit', answer: 'Learner2026' });
    expect(s.modal().loading).toBe(true);
    await settle();
    expect(s.checks).toEqual([{ type: 'password', answer: 'Learner2026', courseId: '1', itemId: null }]);
    expect(s.modal().open).toBe(false);
    expect(s.ctx().result).toBe(true);
    expect(s.effects).toEqual(['pauseTimer', 'pauseVideo', 'restartVideo', 'restartTimer']);
    expect(s.state()).toBe('scheduled');
    await s.advance(15 * MIN);
    expect(s.modal().open).toBe(true);
  });

  it('a wrong answer keeps the modal open with the server message; the answer count goes up either way', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    let ok = false;
    const s = start({
      type: 'authenticator',
      check: async () => {
        if (!ok) throw new SubmissionError('The code is not valid.');
      },
    });
    s.send({ type: 'ca.enable', id: 'course:1' });
    await s.advance(15 * MIN);
    await settle();
    expect(s.modal().type).toBe('authenticator');
    s.send({ type: 'check.submit', answer: '123456' });
    await settle();
    expect(s.modal()).toMatchObject({ open: true, loading: false, failure: { kind: 'server', message: 'The code is not valid.' } });
    ok = true;
    s.send({ type: 'check.submit', answer: '654321' });
    await settle();
    expect(s.modal().open).toBe(false);
    expect(s.ctx().answered).toBe(2);
    expect(s.checks.map((c) => c.type)).toEqual(['authenticator', 'authenticator']);
  });

  it('after a wrong answer a scheduled prompt still cannot be cancelled', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const s = start({ check: async () => Promise.reject(new SubmissionError('The password is incorrect.')) });
    s.send({ type: 'ca.enable', id: 'course:1' });
    await s.advance(15 * MIN);
    await settle();
    s.send({ type: 'check.submit', answer: 'wrong' });
    await settle();
    expect(s.modal()).toMatchObject({ open: true, cancellable: false, failure: { kind: 'server' } });
    expect(s.actor.getSnapshot().can({ type: 'check.cancel' })).toBe(false);
    s.send({ type: 'check.cancel' });
    await settle();
    expect(s.modal().open).toBe(true);
    expect(s.state()).toEqual({ prompting: 'failed' });
  });

  it('an empty answer is not sent', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const s = start();
    s.send({ type: 'ca.enable', id: 'course:1' });
    await s.advance(15 * MIN);
    await settle();
    s.send({ type: 'check.submit', answer: '  ' });
    await settle();
    expect(s.checks).toEqual([]);
    expect(s.modal().open).toBe(true);
  });

  it('when the current user cannot be read: the alert, then the modal closes (SPEC §8)', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const s = start({
      check: async () => {
        throw new UserUnavailableError();
      },
    });
    s.send({ type: 'ca.enable', id: 'course:1' });
    await s.advance(15 * MIN);
    await settle();
    s.send({ type: 'check.submit', answer: 'x' });
    await settle();
    expect(s.modal().open).toBe(false);
    expect(s.ctx().result).toBe(false);
    expect(s.effects).toEqual(['pauseTimer', 'pauseVideo', 'alertNoUser', 'restartTimer']);
    expect(s.ctx().answered).toBe(0);
  });

  it('starts only once at a time: another id registers without restarting the delay', async () => {
    const draws = [0, 0.99];
    vi.spyOn(Math, 'random').mockImplementation(() => draws.shift() ?? 0.5);
    const s = start();
    s.send({ type: 'ca.enable', id: 'course:1', courseId: '1' });
    await s.advance(10 * MIN);
    s.send({ type: 'ca.enable', id: 'lesson:1/7', courseId: '1', itemId: '7' });
    s.send({ type: 'ca.enable', id: 'course:1', courseId: '1' });
    expect(s.ctx().ids).toEqual(['course:1', 'lesson:1/7']);
    expect(s.ctx().current?.id).toBe('course:1');
    // The first delay (15 min) still holds.
    await s.advance(5 * MIN);
    expect(s.modal().open).toBe(true);
    expect(Math.random).toHaveBeenCalledTimes(1);
  });

  it('stopping one id removes it, stopping without one clears all; either way both flags reset and no prompt comes', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const s = start();
    s.send({ type: 'ca.enable', id: 'a' });
    s.send({ type: 'ca.enable', id: 'b' });
    s.send({ type: 'ca.stop', id: 'b' });
    expect(s.ctx()).toMatchObject({ ids: ['a'], enabled: false, started: false });
    expect(s.state()).toBe('idle');
    await s.advance(60 * MIN);
    expect(s.modal().open).toBe(false);

    s.send({ type: 'ca.enable', id: 'b' });
    expect(s.ctx()).toMatchObject({ ids: ['a', 'b'], enabled: true, started: true });
    s.send({ type: 'ca.stop' });
    expect(s.ctx()).toMatchObject({ ids: [], enabled: false, started: false });
    await s.advance(60 * MIN);
    expect(s.modal().open).toBe(false);
    expect(s.effects).toEqual([]);
  });

  it('an id unregistered before the delay ends gets no prompt (stopped while a prompt was open)', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const s = start();
    s.send({ type: 'ca.enable', id: 'course:1' });
    await s.advance(15 * MIN);
    await settle();
    // The learner left the course with the prompt still open: it is still answered…
    s.send({ type: 'ca.stop', id: 'course:1' });
    expect(s.modal().open).toBe(true);
    s.send({ type: 'check.submit', answer: 'Learner2026' });
    await settle();
    // …and its close schedules the next, which finds the id gone.
    expect(s.state()).toBe('scheduled');
    await s.advance(15 * MIN);
    expect(s.modal().open).toBe(false);
    expect(s.state()).toBe('idle');
    expect(s.effects.filter((e) => e === 'pauseTimer')).toHaveLength(1);
  });

  it('the manual prompt is cancellable and opens only while not started', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const s = start();
    expect(selectCanVerifyManually(s.actor.getSnapshot())).toBe(true);
    s.send({ type: 'ca.manual' });
    await settle();
    expect(s.modal()).toMatchObject({ open: true, cancellable: true });
    s.send({ type: 'check.cancel' });
    expect(s.modal().open).toBe(false);
    expect(s.ctx().result).toBe(false);
    // A manual prompt pauses the video but restarts no timer.
    expect(s.effects).toEqual(['pauseVideo']);
    expect(s.state()).toBe('idle');

    s.send({ type: 'ca.enable', id: 'course:1' });
    expect(selectCanVerifyManually(s.actor.getSnapshot())).toBe(false);
    s.send({ type: 'ca.manual' });
    expect(s.modal().open).toBe(false);
    expect(s.state()).toBe('scheduled');
  });

  it('a manual prompt cancelled after a wrong answer closes without confirming identity', async () => {
    const s = start({ check: async () => Promise.reject(new SubmissionError('Agent code or password is incorrect.')) });
    s.send({ type: 'ca.manual' });
    await settle();
    s.send({ type: 'check.submit', answer: 'wrong' });
    await settle();
    expect(s.modal()).toMatchObject({ open: true, cancellable: true, failure: { kind: 'server' } });
    s.send({ type: 'check.cancel' });
    expect(s.modal().open).toBe(false);
    expect(s.ctx()).toMatchObject({ result: false, error: null });
    expect(s.state()).toBe('idle');
  });

  it('a page shown after its predecessor left during a prompt starts the schedule again (the first id enabled starts it)', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const s = start();
    s.send({ type: 'ca.enable', id: 'course:1', courseId: '1' });
    await s.advance(15 * MIN);
    await settle();
    s.send({ type: 'ca.stop', id: 'course:1' });
    s.send({ type: 'check.submit', answer: 'Learner2026' });
    await settle();
    expect(s.ctx()).toMatchObject({ started: false, ids: [] });
    s.send({ type: 'ca.enable', id: 'course:2', courseId: '2' });
    expect(s.ctx()).toMatchObject({ started: true, enabled: true, ids: ['course:2'], current: { id: 'course:2', courseId: '2' } });
    await s.advance(15 * MIN);
    expect(s.modal().open).toBe(true);
  });

  it('a page enabled while a prompt is open is registered: the next prompt comes for it', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const s = start();
    s.send({ type: 'ca.enable', id: 'course:1', courseId: '1' });
    await s.advance(15 * MIN);
    await settle();
    s.send({ type: 'ca.stop', id: 'course:1' });
    s.send({ type: 'ca.enable', id: 'course:2', courseId: '2' });
    expect(s.ctx().ids).toEqual(['course:2']);
    s.send({ type: 'check.submit', answer: 'Learner2026' });
    await settle();
    expect(s.state()).toBe('scheduled');
    await s.advance(15 * MIN);
    expect(s.modal().open).toBe(true);
    expect(s.ctx().prompt).toMatchObject({ manual: false, courseId: '2' });
  });

  it('asks for the password when the challenge type cannot be read, also after an authenticator prompt', async () => {
    const answers: Array<'authenticator' | Error> = ['authenticator', new Error('offline')];
    const s = start({ challenge: async () => { const a = answers.shift()!; if (a instanceof Error) throw a; return a; } });
    s.send({ type: 'ca.manual' });
    await settle();
    expect(s.modal()).toMatchObject({ open: true, type: 'authenticator' });
    s.send({ type: 'check.cancel' });
    s.send({ type: 'ca.manual' });
    await settle();
    expect(s.modal()).toMatchObject({ open: true, type: 'password' });
  });

  it('is off when the app configuration turns it off (manual checks still work)', async () => {
    const s = start({ settings: { ...spec, enabled: false } });
    s.send({ type: 'ca.enable', id: 'course:1' });
    expect(s.state()).toBe('idle');
    expect(s.ctx().enabled).toBe(false);
    await s.advance(60 * MIN);
    expect(s.modal().open).toBe(false);
    s.send({ type: 'ca.manual' });
    expect(s.modal().open).toBe(true);
  });

  it('logout dismisses an open prompt and stops everything', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const s = start();
    s.send({ type: 'ca.enable', id: 'course:1' });
    await s.advance(15 * MIN);
    s.send({ type: 'ca.dismiss' });
    expect(s.modal().open).toBe(false);
    expect(s.ctx()).toMatchObject({ ids: [], enabled: false, started: false, prompt: null });
    await s.advance(60 * MIN);
    expect(s.modal().open).toBe(false);
  });
});
