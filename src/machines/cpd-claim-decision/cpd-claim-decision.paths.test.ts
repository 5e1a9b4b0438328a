import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { SubmissionError } from '../shared/submission-error';
import { edgePaths, replayRuns } from '../testing/model-coverage';
import { TEAM_CLAIMS, TEAM_CLAIMS_AFTER_ELSEWHERE } from './cpd-claim-decision.fixtures';
import { cpdClaimDecisionMachine, type CpdClaimDecisionContext } from './cpd-claim-decision.machine';
import { cpdClaimDecisionOracle } from './cpd-claim-decision.oracle';
import { selectCpdClaimDecisionView, type CpdClaimDecisionSnapshot } from './cpd-claim-decision.selectors';

// Model-based (DESIGN §4, ADR 022): every state and transition of the real machine, replayed into a
// live actor whose calls the test settles by hand, checked at each step against the oracle written
// from the brief (cpd-claim-decision.oracle.ts) and the view's invariants.

type TestEvent = EventObject & Record<string, unknown>;
const actorIds = ['loadClaims', 'decideClaim'];
const events: TestEvent[] = [
  { type: 'retry' },
  { type: 'approve', id: '41' },
  { type: 'approve', id: '44' },
  { type: 'approve', id: '99' },
  { type: 'reject.open', id: '44' },
  { type: 'reject.open', id: '41' },
  { type: 'reject.open', id: '99' },
  { type: 'reason.change', reason: 'Not an accredited provider' },
  { type: 'reason.change', reason: '   ' },
  { type: 'reject.cancel' },
  { type: 'reject.confirm' },
  { type: 'xstate.done.actor.loadClaims', output: TEAM_CLAIMS },
  { type: 'xstate.done.actor.loadClaims', output: TEAM_CLAIMS_AFTER_ELSEWHERE },
  { type: 'xstate.done.actor.loadClaims', output: [] },
  { type: 'xstate.error.actor.loadClaims', error: new SubmissionError('Please sign in to continue.') },
  { type: 'xstate.error.actor.loadClaims', error: new TypeError('Failed to fetch') },
  { type: 'xstate.done.actor.decideClaim', output: { outcome: 'decided' } },
  { type: 'xstate.done.actor.decideClaim', output: { outcome: 'refused', message: 'This claim has been decided already.' } },
  { type: 'xstate.error.actor.decideClaim', error: new SubmissionError('Please give a reason.') },
  { type: 'xstate.error.actor.decideClaim', error: new TypeError('Failed to fetch') },
];

const ctx = (s: AnyMachineSnapshot) => s.context as CpdClaimDecisionContext;
const serializeState = (s: AnyMachineSnapshot) =>
  JSON.stringify({
    value: s.value,
    ids: ctx(s).claims?.map((c) => c.id) ?? null,
    rejecting: ctx(s).rejecting,
    deciding: ctx(s).deciding,
    refusal: ctx(s).refusal,
    decisionError: ctx(s).decisionError,
    decided: ctx(s).decided,
    error: ctx(s).error,
  });

// The first load answers the team's two claims (or none); the load after a refusal the list without the one decided elsewhere.
function eventsIn(s: AnyMachineSnapshot): TestEvent[] {
  return events.filter((e) => {
    if (!s.can(e)) return false;
    if (e.type === 'xstate.done.actor.loadClaims') return s.matches('refused') ? e.output === TEAM_CLAIMS_AFTER_ELSEWHERE : e.output !== TEAM_CLAIMS_AFTER_ELSEWHERE;
    return true;
  });
}

const paths = edgePaths(cpdClaimDecisionMachine, { serializeState, events: eventsIn });

describe('cpd-claim-decision machine, model-based', () => {
  it(`replays ${paths.length} generated paths against the brief’s table; every state and transition is covered`, async () => {
    const result = await replayRuns(cpdClaimDecisionMachine, [{ paths }], {
      actorIds,
      events,
      oracle: cpdClaimDecisionOracle as never,
      check: (live, { event, before }, calls) => {
        const view = selectCpdClaimDecisionView(live as CpdClaimDecisionSnapshot);
        const prior = ctx(before);
        // The server is asked exactly the decision the upline gave: approve, or reject with the reason typed (trimmed).
        if (event.type === 'approve' && live.matches('deciding')) expect(calls('decideClaim').at(-1)).toEqual({ id: event.id, decision: { decision: 'approve' } });
        if (event.type === 'reject.confirm') expect(calls('decideClaim').at(-1)).toEqual({ id: prior.rejecting!.id, decision: { decision: 'reject', reason: prior.rejecting!.reason.trim() } });
        // A decision that went through takes its row off the list; a refusal reads the list again.
        if (event.type === 'xstate.done.actor.decideClaim' && live.matches('ready')) {
          expect(view.rows.map((r) => r.claim.id)).not.toContain(prior.deciding!.id);
          expect(view.decided?.decision).toBe(prior.deciding!.decision.decision);
        }
        if (event.type === 'xstate.done.actor.decideClaim' && live.matches('refused')) expect(view.refused).toBe(true);
        if (event.type === 'xstate.error.actor.decideClaim') {
          expect(view.rows.map((r) => r.claim.id)).toContain(prior.deciding!.id);
          expect(view.decisionError).toBe(event.error instanceof SubmissionError ? event.error.message : '');
        }
        if (event.type === 'xstate.error.actor.loadClaims') expect(view.failure).toEqual(event.error instanceof SubmissionError ? { kind: 'server', message: event.error.message } : { kind: 'generic' });
        expect(JSON.stringify(view)).not.toContain('Failed to fetch');
        // A row being decided is the one sent; nothing is decidable while a decision is under way.
        if (live.matches('deciding')) expect(view.rows.filter((r) => r.busy).map((r) => r.claim.id)).toEqual([ctx(live).deciding!.id]);
        if (live.hasTag('busy')) expect(view.rows.some((r) => r.canDecide)).toBe(false);
        expect(live.hasTag('busy')).toBe(live.matches('loading') || live.matches('deciding') || live.matches('refused'));
      },
    });
    expect(result.paths).toBeGreaterThan(10);
    expect(result.uncovered).toEqual({ states: [], transitions: [] });
  });
});
