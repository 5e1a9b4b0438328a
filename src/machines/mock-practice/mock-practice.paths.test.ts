import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { edgePaths, replayRuns, type Oracle } from '../testing/model-coverage';
import { practiceAttempt, practiceResult, sampleReveals, savedPractice } from './mock-practice.fixtures';
import { mockPracticeMachine, type MockPracticeContext, type PracticeSave } from './mock-practice.machine';
import { mockPracticeOracle } from './mock-practice.oracle';
import { selectMockPracticeView, type MockPracticeSnapshot } from './mock-practice.selectors';

// Model-based (DESIGN §4, ADR 022): every state and transition of the real machine, replayed into a
// live actor whose calls the test settles by hand, checked at each step against the oracle written
// from the spec (mock-practice.oracle.ts) and the view's invariants.

const input = { paperId: '3' };
const actorIds = ['startPractice', 'saveAnswer', 'finishPractice'];

type TestEvent = EventObject & Record<string, unknown>;
const staticEvents: TestEvent[] = [
  { type: 'retry' },
  { type: 'answer.choose', optionId: 'a' },
  { type: 'answer.choose', optionId: 'b' },
  { type: 'answer.choose', optionId: 'c' },
  { type: 'answer.choose', optionId: 'zz' },
  { type: 'answer.check' },
  { type: 'next' },
  { type: 'finish' },
  { type: 'again' },
  { type: 'xstate.done.actor.startPractice', output: practiceAttempt() },
  { type: 'xstate.done.actor.startPractice', output: practiceAttempt({ revealed: ['q1'] }) },
  { type: 'xstate.done.actor.startPractice', output: practiceAttempt({ revealed: ['q1', 'q2'] }) },
  // Answered out of order elsewhere (another tab): the next question is shown revealed.
  { type: 'xstate.done.actor.startPractice', output: practiceAttempt({ revealed: ['q2'] }) },
  { type: 'xstate.done.actor.startPractice', output: { ...practiceAttempt({ status: 'finished' }), result: practiceResult } },
  { type: 'xstate.error.actor.startPractice', error: { message: 'The service is unavailable.' } },
  { type: 'xstate.error.actor.saveAnswer', error: { message: null } },
  { type: 'xstate.done.actor.finishPractice', output: practiceResult },
  { type: 'xstate.error.actor.finishPractice', error: { message: 'Not finished.' } },
];

/** The server's answer to the save in flight: its reveal, and (once) a save without one. */
function saveOutcomes(c: MockPracticeContext): TestEvent[] {
  const q = c.attempt?.questions[c.index];
  if (!q) return [];
  const value = c.chosen[q.id] ?? [];
  const seq = (c.seqs[q.id] ?? 0) + 1;
  return [
    { type: 'xstate.done.actor.saveAnswer', output: savedPractice(q.id, value, seq) },
    { type: 'xstate.done.actor.saveAnswer', output: { ...savedPractice(q.id, value, seq), reveal: null } },
  ];
}

// Told apart by what the rules read (not by every combination of choices).
function serializeState(s: AnyMachineSnapshot): string {
  const c = s.context as MockPracticeContext;
  return JSON.stringify({
    value: s.value,
    attempt: c.attempt ? [c.attempt.status, c.attempt.reveals.length] : null,
    index: c.index,
    chosen: c.chosen,
    revealed: Object.keys(c.reveals).sort(),
    refused: c.refused,
    result: c.result !== null,
    problem: c.problem,
  });
}

const paths = edgePaths(mockPracticeMachine, {
  input,
  serializeState,
  events: (s: AnyMachineSnapshot) => [...staticEvents, ...saveOutcomes(s.context as MockPracticeContext)].filter((e) => s.can(e)),
});

function checkInvariants(live: AnyMachineSnapshot, calls: (id: string) => unknown[]) {
  const s = live as MockPracticeSnapshot;
  const c = s.context;
  const view = selectMockPracticeView(s);
  // A question's answer is revealed only once its answer is saved (the server's rule, kept by the page).
  for (const id of Object.keys(c.reveals)) expect(c.seqs[id] ?? 0).toBeGreaterThan(0);
  if ('reveal' in view && view.reveal) {
    expect(view.status).toBe('revealed');
    expect(view.reveal.explanation).toBe(sampleReveals[view.question.id].explanation);
    expect(view.question.options.filter((o) => o.correct).map((o) => o.id)).toEqual(sampleReveals[view.question.id].correct_answer);
  }
  if (view.status === 'question') expect(view.reveal).toBeNull();
  // Max choices (SPEC §5) is never exceeded.
  for (const q of c.attempt?.questions ?? []) if (q.max_choices !== null) expect((c.chosen[q.id] ?? []).length).toBeLessThanOrEqual(q.max_choices);
  // Every save carries a choice of the question shown, with a seq above what the server holds.
  const save = calls('saveAnswer').at(-1) as PracticeSave | undefined;
  if (save && s.matches('saving')) {
    expect(save.value.length).toBeGreaterThan(0);
    expect(save.seq).toBeGreaterThan(0);
    expect(save.questionId).toBe(c.attempt?.questions[c.index]?.id);
  }
  for (const call of calls('startPractice')) expect(call).toEqual({ paperId: '3' });
  expect(live.hasTag('busy')).toBe(['loading', 'saving', 'finishing'].some((state) => s.matches(state as never)));
}

describe('mock-practice machine, model-based', () => {
  it(`replays ${paths.length} generated paths against the spec table; every state and transition is covered`, async () => {
    const result = await replayRuns(mockPracticeMachine, [{ input, paths }], {
      actorIds,
      events: staticEvents,
      oracle: mockPracticeOracle as unknown as Oracle,
      compareWithModel: false,
      check: (live, _step, calls) => checkInvariants(live, calls),
    });
    expect(result.uncovered).toEqual({ states: [], transitions: [] });
  }, 120_000);
});
