import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot, type EventObject } from 'xstate';
import type { NewJoinerWelcomeLink } from '../../config/new-joiner-welcome';
import { edgePaths, replayRuns } from '../testing/model-coverage';
import { waitFor } from '../testing/wait-for';
import { newJoinerWelcomeMachine, type NewJoinerWelcomeInput } from './new-joiner-welcome.machine';
import { newJoinerWelcomeOracle } from './new-joiner-welcome.oracle';
import { selectNewJoinerWelcomeView, type NewJoinerWelcomeSnapshot } from './new-joiner-welcome.selectors';

// Model-based (DESIGN §4, ADR 022): every state and transition of the welcome, for each input (due
// or dismissed before, learning map on or off: every guard both true and false), replayed into a
// live actor whose dismissal the test settles by hand, checked at each step against the oracle
// written from the issue (new-joiner-welcome.oracle.ts) and the view's invariants.

type TestEvent = EventObject & Record<string, unknown>;
const events: TestEvent[] = [
  { type: 'leave', link: 'compulsory' },
  { type: 'leave', link: 'learning_map' },
  { type: 'leave', link: 'start' },
  { type: 'leave', link: 'cpd' },
  { type: 'retry' },
  { type: 'xstate.done.actor.dismiss' },
  { type: 'xstate.error.actor.dismiss', error: new TypeError('Failed to fetch') },
];

const serializeState = (s: AnyMachineSnapshot) => JSON.stringify({ value: s.value, context: s.context });
const inputs: NewJoinerWelcomeInput[] = [
  { due: true, learningMap: true },
  { due: true, learningMap: false },
  { due: false, learningMap: true },
  { due: false, learningMap: false },
];
const runs = inputs.map((input) => ({ input, paths: edgePaths(newJoinerWelcomeMachine, { serializeState, events: (s) => events.filter((e) => s.can(e)), input }) }));

describe('new-joiner-welcome machine, model-based', () => {
  it(`replays ${runs.reduce((n, r) => n + r.paths.length, 0)} generated paths against the issue’s table; every state and transition is covered`, async () => {
    // One replay per input, so that each check knows the input; covered means covered by some input.
    const uncovered = { states: [] as string[][], transitions: [] as string[][] };
    let paths = 0;
    for (const run of runs) {
      const { input } = run;
      const result = await replayRuns(newJoinerWelcomeMachine, [run], {
        actorIds: ['dismiss'],
        events,
        oracle: newJoinerWelcomeOracle as never,
        check: (live, _step, calls) => {
          const view = selectNewJoinerWelcomeView(live as NewJoinerWelcomeSnapshot);
          // The learning map's link follows the feature; links are not clickable while the page is left.
          expect(view.showLearningMap).toBe(input.learningMap);
          expect(view.busy).toBe(live.matches('dismissing') || live.matches('left'));
          // A welcome dismissed before (opened again from the settings) never records it again.
          if (!input.due) expect(calls('dismiss')).toEqual([]);
          // Leaving by the learning map is possible only with its feature on.
          if (view.link === 'learning_map') expect(input.learningMap).toBe(true);
          expect(live.status === 'done').toBe(live.matches('left'));
          expect(JSON.stringify(view)).not.toContain('Failed to fetch');
        },
      });
      paths += result.paths;
      uncovered.states.push(result.uncovered.states);
      uncovered.transitions.push(result.uncovered.transitions);
    }
    const byNone = (lists: string[][]) => lists[0].filter((x) => lists.every((l) => l.includes(x)));
    expect(paths).toBeGreaterThan(0);
    expect({ states: byNone(uncovered.states), transitions: byNone(uncovered.transitions) }).toEqual({ states: [], transitions: [] });
  }, 60_000);

  function start(dismiss: () => Promise<void>, input: NewJoinerWelcomeInput) {
    const went: NewJoinerWelcomeLink[] = [];
    const order: string[] = [];
    const actor = createActor(
      newJoinerWelcomeMachine.provide({
        actors: { dismiss: fromPromise(async () => (order.push('dismiss'), dismiss())) },
        actions: { goTo: (_, { link }) => (order.push(`goTo ${link}`), went.push(link)) },
      }),
      { input },
    ).start();
    return { actor, went, order };
  }

  it('records the dismissal before it goes to the chosen page, once', async () => {
    const { actor, order } = start(async () => undefined, { due: true, learningMap: true });
    actor.send({ type: 'leave', link: 'learning_map' });
    actor.send({ type: 'leave', link: 'start' });
    await waitFor(actor, (s) => s.matches('left'));
    expect(order).toEqual(['dismiss', 'goTo learning_map']);
  });

  it('goes on without a record after a failure, or records it on a retry; a welcome dismissed before only leads on', async () => {
    let fail = true;
    const first = start(async () => {
      if (fail) throw new TypeError('Failed to fetch');
    }, { due: true, learningMap: false });
    first.actor.send({ type: 'leave', link: 'compulsory' });
    await waitFor(first.actor, (s) => s.matches('failed'));
    expect(selectNewJoinerWelcomeView(first.actor.getSnapshot())).toMatchObject({ status: 'failed', link: 'compulsory', busy: false, showLearningMap: false });
    fail = false;
    first.actor.send({ type: 'retry' });
    await waitFor(first.actor, (s) => s.matches('left'));
    expect(first.order).toEqual(['dismiss', 'dismiss', 'goTo compulsory']);

    const goingOn = start(async () => Promise.reject(new TypeError('Failed to fetch')), { due: true, learningMap: true });
    goingOn.actor.send({ type: 'leave', link: 'start' });
    await waitFor(goingOn.actor, (s) => s.matches('failed'));
    goingOn.actor.send({ type: 'leave', link: 'learning_map' });
    expect(goingOn.went).toEqual(['learning_map']);

    const again = start(async () => undefined, { due: false, learningMap: true });
    again.actor.send({ type: 'leave', link: 'start' });
    expect(again.order).toEqual(['goTo start']);
  });
});
