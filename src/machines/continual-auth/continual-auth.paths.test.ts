import { describe, expect, it } from 'vitest';
import { assign, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { SubmissionError } from '../shared/submission-error';
import { modelPaths, replayRuns, type Oracle } from '../testing/model-coverage';
import { continualAuthMachine, promptDelayMs, UserUnavailableError, VERIFIED_MARGIN_MS, type ContinualAuthContext } from './continual-auth.machine';
import { selectContinualAuthModal, type ContinualAuthSnapshot } from './continual-auth.selectors';

type ModelEvent = EventObject & Record<string, unknown>;

// The e2e settings: a prompt every 2–4 s (units of 1 s). The delay is fixed here so the model's
// context and the live actor's agree; its randomness has its own rule tests.
const settings = { enabled: true, min: 2, max: 4, unitSeconds: 1 };
const DELAY = promptDelayMs(settings, 0.5);
const AFTER = 'xstate.after.randomDelay.continualAuth.scheduled';
const EFFECTS = ['pauseTimer', 'restartTimer', 'pauseVideo', 'restartVideo', 'alertNoUser'];

let log: string[] = [];
const machine = continualAuthMachine.provide({
  actions: {
    ...Object.fromEntries(EFFECTS.map((name) => [name, () => void log.push(name)])),
    // The real rule: never past the cap the server's verification sets (ADR 012).
    pickRandomDelay: assign({ delayMs: ({ context }) => Math.min(DELAY, context.capMs ?? Infinity), capMs: null }),
    // The count is unbounded; the model keeps it finite (the rule tests count for real).
    countAnswer: assign({ answered: ({ context }) => Math.min(context.answered + 1, 1) }),
  },
});

const actorIds = ['challengeType', 'checkIdentity'];
const events: ModelEvent[] = [
  { type: 'ca.enable', id: 'course:1', courseId: '1' },
  { type: 'ca.stop', id: 'course:1' },
  { type: 'ca.stop' },
  { type: 'ca.manual' },
  { type: 'ca.dismiss' },
  { type: AFTER },
  // ADR 012: the server's verification ends at once, or long after the pending prompt.
  { type: 'ca.verified', remainingMs: 0 },
  { type: 'ca.verified', remainingMs: 3_600_000 },
  { type: 'check.submit', answer: 'Learner2026' },
  { type: 'check.submit', answer: '   ' },
  { type: 'check.cancel' },
  { type: 'xstate.done.actor.challengeType', output: 'authenticator' },
  { type: 'xstate.error.actor.challengeType', error: new Error('offline') },
  { type: 'xstate.done.actor.checkIdentity' },
  { type: 'xstate.error.actor.checkIdentity', error: new SubmissionError('Agent code or password is incorrect.') },
  { type: 'xstate.error.actor.checkIdentity', error: new UserUnavailableError() },
];
const input = { settings };
const paths = modelPaths(machine, events, { input, simplePaths: false });

/** Checks of every step against SPEC §2 and §4. */
function checker() {
  let checks = 0;
  const reset = () => {
    checks = 0;
    log = [];
  };
  const check = (live: AnyMachineSnapshot, step: { event: ModelEvent; before: AnyMachineSnapshot }, calls: (id: string) => unknown[]) => {
    const { event } = step;
    const snap = live as ContinualAuthSnapshot;
    const ctx = snap.context as ContinualAuthContext;
    const before = step.before as ContinualAuthSnapshot;
    const effects = log.splice(0);
    const view = selectContinualAuthModal(snap);
    const wasPrompting = before?.hasTag('prompting') ?? false;
    const prompting = snap.hasTag('prompting');

    expect(view.open).toBe(prompting);
    // Only the manual prompt can be cancelled.
    expect(view.cancellable).toBe(prompting && ctx.prompt?.manual === true);
    expect(view.loading).toBe(snap.matches({ prompting: 'preparing' }) || snap.matches({ prompting: 'checking' }));
    expect(view.failure).toEqual(snap.matches({ prompting: 'failed' }) ? { kind: 'server', message: 'Agent code or password is incorrect.' } : null);
    // The modal pauses the video when it opens; the scheduled prompt pauses the timer too.
    expect(effects.includes('pauseVideo')).toBe(prompting && !wasPrompting);
    expect(effects.includes('pauseTimer')).toBe(prompting && !wasPrompting && event.type === AFTER);
    // When the prompt opens, its id is still registered.
    if (prompting && !wasPrompting && event.type === AFTER) expect(ctx.ids).toContain(ctx.current?.id);
    if (event.type === AFTER && !prompting) {
      expect(ctx.ids).not.toContain(ctx.current?.id);
      expect(snap.value).toBe('idle');
    }
    // Success restarts the video; an automatic prompt's close restarts the timer and schedules the next.
    const closed = wasPrompting && !prompting && event.type !== 'ca.dismiss';
    expect(effects.includes('restartVideo')).toBe(closed && ctx.result === true);
    expect(effects.includes('restartTimer')).toBe(closed && before?.context.prompt?.manual === false);
    if (closed && before?.context.prompt?.manual === false) expect(snap.value).toBe('scheduled');
    expect(effects.includes('alertNoUser')).toBe(event.type === 'xstate.error.actor.checkIdentity' && event.error instanceof UserUnavailableError);
    if (effects.includes('alertNoUser')) expect(prompting).toBe(false);
    // Any stop resets both flags.
    if (event.type === 'ca.stop' || event.type === 'ca.dismiss') expect([ctx.enabled, ctx.started]).toEqual([false, false]);
    if (event.type === 'ca.stop' && typeof event.id === 'string') expect(ctx.ids).not.toContain(event.id);
    if (event.type === 'ca.stop' && event.id === undefined) expect(ctx.ids).toEqual([]);
    // Scheduled means started; idle means not.
    if (snap.matches('idle')) expect(ctx.started).toBe(false);
    // The answer goes to the server with the prompt's type and content.
    if (snap.matches({ prompting: 'checking' }) && !before?.matches({ prompting: 'checking' })) {
      checks += 1;
      expect(calls('checkIdentity')).toHaveLength(checks);
      expect(calls('checkIdentity').at(-1)).toEqual({ type: ctx.type, answer: 'Learner2026', courseId: ctx.prompt?.courseId, itemId: ctx.prompt?.itemId });
    }
    if (event.type === 'check.submit' && event.answer === '   ') expect(snap.value).toEqual(before?.value);
    // ADR 012: a prompt due after the server's verification ends comes before it instead; one due
    // sooner is left alone; outside a schedule nothing changes.
    if (event.type === 'ca.verified' && before) {
      const remaining = (event.remainingMs as number) - VERIFIED_MARGIN_MS;
      if (before.matches('scheduled') && remaining < before.context.delayMs) expect([snap.value, ctx.delayMs]).toEqual(['scheduled', Math.max(0, remaining)]);
      else expect([snap.value, ctx.delayMs]).toEqual([before.value, before.context.delayMs]);
    }
  };
  return { reset, check };
}

// The oracle, written from SPEC §2 (modal) and §4 "Continual authentication" (not read off the
// machine): per state, the events it accepts and where they lead; every other event is refused.
type Snap = ContinualAuthSnapshot;
// A closing prompt: an automatic one schedules the next; a manual one schedules only when a page
// started prompts meanwhile, else nothing runs.
const close = (s: Snap) => (s.context.prompt?.manual && !s.context.started ? 'idle' : 'scheduled');
// While the modal is open: pages still register and stop (the modal stays until answered); logout dismisses it.
const modal = (here: string) => ({ 'ca.enable': here, 'ca.stop': here, 'ca.dismiss': 'idle' });
const answer = (here: string) => ({
  ...modal(here),
  'check.submit': (e: ModelEvent) => (String(e.answer).trim() === '' ? null : 'prompting.checking'),
  // Only the manual prompt is cancellable, before or after a wrong answer.
  'check.cancel': (_: ModelEvent, s: Snap) => (s.context.prompt?.manual ? close(s) : null),
});
const oracle: Oracle<Snap> = {
  table: {
    idle: { 'ca.enable': 'scheduled', 'ca.stop': 'idle', 'ca.manual': 'prompting.preparing' },
    scheduled: {
      // Once at a time: another id only registers.
      'ca.enable': 'scheduled',
      'ca.stop': 'idle',
      // The manual prompt only while prompts have not started.
      'ca.manual': (_, s) => (s.context.started ? null : 'prompting.preparing'),
      // ADR 012: a prompt due after the server's verification ends comes sooner.
      'ca.verified': (e, s) => ((e.remainingMs as number) - VERIFIED_MARGIN_MS < s.context.delayMs ? 'scheduled' : null),
      // After the delay: the id still registered gets the prompt; otherwise nothing is guarded.
      [AFTER]: (_, s) => (s.context.current && s.context.ids.includes(s.context.current.id) ? 'prompting.preparing' : 'idle'),
    },
    'prompting.preparing': {
      ...modal('prompting.preparing'),
      'xstate.done.actor.challengeType': 'prompting.editing',
      'xstate.error.actor.challengeType': 'prompting.editing',
    },
    'prompting.editing': answer('prompting.editing'),
    'prompting.checking': {
      ...modal('prompting.checking'),
      'xstate.done.actor.checkIdentity': (_, s) => close(s),
      // SPEC §8: the user cannot be read: alert, then the modal closes.
      'xstate.error.actor.checkIdentity': (e, s) => (e.error instanceof UserUnavailableError ? close(s) : 'prompting.failed'),
    },
    'prompting.failed': answer('prompting.failed'),
  },
  offers: (s) => {
    const view = selectContinualAuthModal(s);
    return { 'check.submit': view.open && !view.loading, 'check.cancel': view.cancellable && !view.loading };
  },
};

describe('continual-auth machine, model-based', () => {
  it('has a finite model of reasonable size', () => {
    expect(paths.length).toBeGreaterThan(50);
    expect(paths.length).toBeLessThan(5000);
  });

  it(`replays ${paths.length} generated paths against the spec table on a simulated clock; every state and transition is covered`, async () => {
    const { reset, check } = checker();
    const result = await replayRuns(machine, [{ input, paths }], {
      actorIds,
      events,
      oracle: oracle as Oracle,
      delays: { [AFTER]: (s) => (s.context as ContinualAuthContext).delayMs },
      onPathStart: reset,
      check: (live, step, calls) => check(live, step, calls),
    });
    expect(result.uncovered).toEqual({ states: [], transitions: [] });
  }, 120_000);
});
