import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { SubmissionError } from '../shared/submission-error';
import { edgePaths, replayRuns } from '../testing/model-coverage';
import { COURSE_ASK, COURSE_REPLAY, DAY_ASK, DAY_REPLAY, EMPTY_REPLAY } from './evidence-replay.fixtures';
import { evidenceReplayMachine, type EvidenceReplayContext } from './evidence-replay.machine';
import { evidenceReplayOracle } from './evidence-replay.oracle';
import { selectEvidenceReplayView, type EvidenceReplaySnapshot } from './evidence-replay.selectors';

// Model-based (DESIGN §4, ADR 022): every state and transition of the real machine, replayed into a
// live actor, checked at each step against the oracle written from the brief and the view's invariants.

type TestEvent = EventObject & Record<string, unknown>;
const events: TestEvent[] = [
  { type: 'retry' },
  { type: 'next' },
  { type: 'previous' },
  { type: 'first' },
  { type: 'last' },
  { type: 'xstate.done.actor.loadReplay', output: DAY_REPLAY },
  { type: 'xstate.done.actor.loadReplay', output: COURSE_REPLAY },
  { type: 'xstate.done.actor.loadReplay', output: EMPTY_REPLAY },
  { type: 'xstate.error.actor.loadReplay', error: new SubmissionError('Only a compliance officer (auditor) may replay a learner’s evidence.') },
  { type: 'xstate.error.actor.loadReplay', error: new TypeError('Failed to fetch') },
];

const ctx = (s: AnyMachineSnapshot) => s.context as EvidenceReplayContext;
const serializeState = (s: AnyMachineSnapshot) => JSON.stringify({ value: s.value, shown: ctx(s).replay?.steps.length ?? null, index: ctx(s).index, error: ctx(s).error });

// The day's ask is answered with a day's replay, the course's with the course's (the server's answer).
const answers = (ask: EvidenceReplayContext['ask']) => ('day' in ask ? [DAY_REPLAY, EMPTY_REPLAY] : [COURSE_REPLAY]);
function eventsIn(s: AnyMachineSnapshot): TestEvent[] {
  return events.filter((e) => s.can(e) && (e.type !== 'xstate.done.actor.loadReplay' || answers(ctx(s).ask).includes(e.output as never)));
}

const runs = [DAY_ASK, COURSE_ASK].map((ask) => ({ input: { ask }, paths: edgePaths(evidenceReplayMachine, { input: { ask }, serializeState, events: eventsIn }) }));

describe('evidence-replay machine, model-based', () => {
  it(`replays ${runs.reduce((n, r) => n + r.paths.length, 0)} generated paths against the brief’s table; every state and transition is covered`, async () => {
    const result = await replayRuns(evidenceReplayMachine, runs, {
      actorIds: ['loadReplay'],
      events,
      oracle: evidenceReplayOracle as never,
      check: (live, { event }, calls) => {
        const view = selectEvidenceReplayView(live as EvidenceReplaySnapshot);
        const c = ctx(live);
        // The server is asked for exactly what the page asked, every time (a retry too).
        if (live.matches('loading')) expect(calls('loadReplay').at(-1)).toEqual(c.ask);
        if (event.type === 'xstate.done.actor.loadReplay') expect(view.index).toBe(0);
        if (view.status === 'stepping') {
          // The step on screen is the server's, in its order, and its diagram lights its target state.
          expect(view.step).toBe(c.replay!.steps[view.index]);
          expect(view.total).toBe(c.replay!.steps.length);
          expect(view.diagram?.machine).toBe(view.step!.machine);
          expect(view.diagram?.states.filter((s) => s.mark === 'current').map((s) => s.path)).toEqual([view.step!.to_state]);
        } else {
          expect(view.step).toBeNull();
          expect(view.diagram).toBeNull();
        }
        if (event.type === 'first') expect(view.index).toBe(0);
        if (event.type === 'last') expect(view.index).toBe(view.total - 1);
        if (view.status === 'empty') expect(view.total).toBe(0);
        if (event.type === 'xstate.error.actor.loadReplay') expect(view.failure).toEqual(event.error instanceof SubmissionError ? { kind: 'server', message: event.error.message } : { kind: 'generic' });
        expect(JSON.stringify(view.failure)).not.toContain('Failed to fetch');
        expect(view.scope.kind).toBe('day' in c.ask ? 'day' : 'course');
        expect(live.hasTag('busy')).toBe(live.matches('loading'));
      },
    });
    expect(result.paths).toBeGreaterThan(6);
    expect(result.uncovered).toEqual({ states: [], transitions: [] });
  });

  it('next and previous move one step; at either end the button is not offered', async () => {
    const { createActor, fromPromise } = await import('xstate');
    const actor = createActor(evidenceReplayMachine.provide({ actors: { loadReplay: fromPromise(async () => DAY_REPLAY) } }), { input: { ask: DAY_ASK } }).start();
    await new Promise((r) => setTimeout(r, 0));
    const view = () => selectEvidenceReplayView(actor.getSnapshot());
    expect(view()).toMatchObject({ status: 'stepping', index: 0, canPrevious: false, canNext: true });
    actor.send({ type: 'next' });
    expect(view().step?.detail.kind).toBe('identity_passed');
    actor.send({ type: 'next' });
    actor.send({ type: 'next' });
    expect(view()).toMatchObject({ index: 2, canNext: false, canPrevious: true });
    actor.send({ type: 'previous' });
    expect(view().index).toBe(1);
    actor.stop();
  });
});
