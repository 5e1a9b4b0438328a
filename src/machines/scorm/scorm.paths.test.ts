import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { ScormCommitPayload } from '../../api/schemas/scorm.schema';
import { edgePaths, replayRuns, type Oracle } from '../testing/model-coverage';
import { committed, sampleData, sampleRuntime } from './scorm.fixtures';
import { scormMachine, SCORM_RETRY_MS, type ScormContext } from './scorm.machine';
import { AFTER_FINISHING_RETRY, AFTER_RUNNING_RETRY, scormOracle } from './scorm.oracle';
import { selectScormView, type ScormSnapshot } from './scorm.selectors';

// Model-based (DESIGN §4, ADR 022): every state and transition of the launcher, replayed into a
// live actor whose calls the test settles by hand, checked at each step against the oracle written
// from the spec (scorm.oracle.ts) and the invariants of ADR 029 (seq only rises, "saved" only
// after the server confirmed, the last commit is a finished one).

const input = { itemId: '5' };
const actorIds = ['loadRuntime', 'sendCommit'];

type TestEvent = EventObject & Record<string, unknown>;
const staticEvents: TestEvent[] = [
  { type: 'open' },
  { type: 'retry' },
  { type: 'popup.opened' },
  { type: 'popup.blocked' },
  { type: 'popup.closed' },
  { type: 'sco.commit', data: sampleData(2) },
  { type: 'sco.finish', data: sampleData(3, { completion: 'completed', success: 'passed', score: { raw: 80, min: 0, max: 100 } }) },
  { type: 'network.online' },
  { type: AFTER_RUNNING_RETRY },
  { type: AFTER_FINISHING_RETRY },
  { type: 'xstate.done.actor.loadRuntime', output: sampleRuntime() },
  { type: 'xstate.error.actor.loadRuntime', error: { kind: 'offline' } },
  { type: 'xstate.error.actor.sendCommit', error: { kind: 'offline' } },
  { type: 'xstate.error.actor.sendCommit', error: { kind: 'refused', message: 'The SCORM data is too large to save.' } },
];

/** The server confirming the commit on its way (as sent), sometimes with the item counted. */
function confirmations(context: ScormContext): TestEvent[] {
  const sent = context.pending;
  if (!sent) return [];
  return [{ type: 'xstate.done.actor.sendCommit', output: committed(sent.launch, context.inFlight, sent.finished) }];
}

// States are told apart by what the rules read: the seq grows with every commit, so only whether
// a commit waits, is newer than the one on its way, and whether the launch has data count.
function serializeState(s: AnyMachineSnapshot): string {
  const c = s.context as ScormContext;
  return JSON.stringify({
    value: s.value,
    pending: c.pending === null ? 'none' : c.pending.seq > c.inFlight ? 'newer' : 'sent',
    finished: c.pending?.finished ?? null,
    data: c.last !== null,
    runtime: c.runtime !== null,
    counted: c.counted,
    error: c.error,
  });
}

const paths = edgePaths(scormMachine, {
  input,
  serializeState,
  events: (s: AnyMachineSnapshot) => [...staticEvents, ...confirmations(s.context as ScormContext)].filter((e) => s.can(e)),
});

// Per launch (a new launch numbers its commits from 1 again): the seq reached, and the first call of it.
let lastSeq = 0;
let launchCalls = 0;
function checkInvariants(live: AnyMachineSnapshot, event: EventObject, calls: (id: string) => unknown[]) {
  const s = live as ScormSnapshot;
  const c = s.context;
  const view = selectScormView(s);
  const sent = calls('sendCommit') as ScormCommitPayload[];
  if (event.type === 'xstate.done.actor.loadRuntime') {
    lastSeq = 0;
    launchCalls = sent.length;
  }
  // Every commit carries the launch the server started and a seq not below the one before it.
  for (const [i, commit] of sent.entries()) {
    expect(commit.launch).toBe(sampleRuntime().launch);
    if (i > launchCalls) expect(commit.seq).toBeGreaterThanOrEqual(sent[i - 1].seq);
  }
  expect(c.seq).toBeGreaterThanOrEqual(lastSeq);
  lastSeq = c.seq;
  // "Saved" only when the server confirmed the newest commit (ADR 029).
  if (view.status === 'running' && view.sync === 'saved') expect(c.confirmed).toBe(c.seq);
  // Finishing sends a finished commit; a closed launch has nothing unsent.
  if (s.matches('finishing')) expect(c.pending?.finished).toBe(true);
  if (view.status === 'closed' && c.error === null) expect(c.pending).toBeNull();
  // Nothing goes to the server before the launch was loaded (a blocked popup sends nothing).
  if (c.runtime === null) expect(sent).toHaveLength(0);
  expect(live.hasTag('busy')).toBe(view.status === 'loading' || view.status === 'finishing');
}

describe('scorm launcher machine, model-based', () => {
  it(`replays ${paths.length} generated paths against the spec table; every state and transition is covered`, async () => {
    const result = await replayRuns(scormMachine, [{ input, paths }], {
      actorIds,
      events: staticEvents,
      oracle: scormOracle as unknown as Oracle,
      delays: { [AFTER_RUNNING_RETRY]: () => SCORM_RETRY_MS, [AFTER_FINISHING_RETRY]: () => SCORM_RETRY_MS },
      compareWithModel: false,
      onPathStart: () => {
        lastSeq = 0;
        launchCalls = 0;
      },
      check: (live, step, calls) => checkInvariants(live, step.event, calls),
    });
    expect(result.uncovered).toEqual({ states: [], transitions: [] });
  }, 120_000);
});
