import { describe, expect, it } from 'vitest';
import { assign, createActor, SimulatedClock, type AnyMachineSnapshot, type AnyStateNode, type EventObject, type InspectionEvent } from 'xstate';
import { SubmissionError } from '../shared/submission-error';
import { allStateIds, allTransitions, controllableActors, describePath, modelPaths, type ModelPath } from '../testing/model-coverage';
import { continualAuthMachine, promptDelayMs, UserUnavailableError, VERIFIED_MARGIN_MS, type ContinualAuthContext, type ContinualAuthEvent } from './continual-auth.machine';
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

interface Transition {
  source: AnyStateNode;
  eventType: string;
  target?: AnyStateNode[];
}
/** The same key as model-coverage's `allTransitions`. */
function transitionKey(t: Transition): string {
  const siblings = (t.source.transitions.get(t.eventType) ?? []) as unknown[];
  const target = t.target?.length ? t.target.map((n) => n.id).join(',') : '(self)';
  return `${t.source.id} --${t.eventType}[${siblings.indexOf(t)}]--> ${target}`;
}

const flush = () => new Promise<void>((r) => setTimeout(r, 0));

/** Replays a path into a live actor on a simulated clock: the delayed prompt comes when the clock
 * has moved by the delay, not when the test says so. */
async function replay(path: ModelPath, check?: (live: AnyMachineSnapshot, event: ModelEvent, calls: (id: string) => unknown[]) => void) {
  const control = controllableActors(actorIds);
  const clock = new SimulatedClock();
  const taken: string[] = [];
  // Every microstep, so the transitions taken inside a macrostep (the prompt's onDone) count too.
  const inspect = (e: InspectionEvent) => {
    if (e.type === '@xstate.microstep') taken.push(...e._transitions.map((t) => transitionKey(t as unknown as Transition)));
  };
  const actor = createActor(machine.provide({ actors: control.actors }), { input, clock, inspect }).start();
  const reached = new Set<string>((actor.getSnapshot()._nodes as AnyStateNode[]).map((n) => n.id));
  log = [];
  try {
    for (const step of path.steps) {
      const event = step.event as ModelEvent;
      const before = actor.getSnapshot();
      if (event.type === AFTER) {
        // Just short of the delay nothing happens.
        clock.increment(before.context.delayMs - 1);
        expect(actor.getSnapshot().value).toEqual(before.value);
        clock.increment(1);
      } else if (!control.settle(event)) actor.send(event as ContinualAuthEvent);
      await flush();
      const live = actor.getSnapshot();
      expect({ value: live.value, context: JSON.parse(JSON.stringify(live.context)) }).toEqual({
        value: step.state.value,
        context: JSON.parse(JSON.stringify(step.state.context)),
      });
      for (const node of live._nodes as AnyStateNode[]) reached.add(node.id);
      check?.(live, event, control.calls);
    }
  } finally {
    actor.stop();
  }
  return { taken, reached };
}

/** Checks of every step against SPEC §2 and §4. */
function checker() {
  let previous: AnyMachineSnapshot | null = null;
  let checks = 0;
  return (live: AnyMachineSnapshot, event: ModelEvent, calls: (id: string) => unknown[]) => {
    const snap = live as ContinualAuthSnapshot;
    const ctx = snap.context as ContinualAuthContext;
    const before = previous as ContinualAuthSnapshot | null;
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
    previous = live;
  };
}

describe('continual-auth machine, model-based', () => {
  it('has a finite model of reasonable size', () => {
    expect(paths.length).toBeGreaterThan(50);
    expect(paths.length).toBeLessThan(5000);
  });

  const reached = new Set<string>();
  const taken = new Set<string>();
  it.each(paths.map((p) => [describePath(p), p] as const))('replays %s', async (_name, path) => {
    const run = await replay(path, checker());
    run.reached.forEach((id) => reached.add(id));
    run.taken.forEach((t) => taken.add(t));
  });

  // After the replays above (tests of a file run in order).
  it('reaches every state and takes every transition of the definition', () => {
    expect(reached.size).toBeGreaterThan(0);
    // `prompting.done` is passed through (its onDone leaves at once): reached when a transition entered it.
    for (const t of taken) for (const id of t.split('--> ')[1].split(',')) reached.add(id);
    // The keys are the ones model-coverage uses for the definition.
    expect(taken).toContain('continualAuth.scheduled --xstate.after.randomDelay.continualAuth.scheduled[1]--> continualAuth.idle');
    expect([...allStateIds(machine)].filter((id) => !reached.has(id))).toEqual([]);
    expect([...allTransitions(machine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});
