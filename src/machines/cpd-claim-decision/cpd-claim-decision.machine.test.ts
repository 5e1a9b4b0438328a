import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CpdClaim } from '../../api/schemas/cpd-claim.schema';
import { SubmissionError } from '../shared/submission-error';
import { waitFor } from '../testing/wait-for';
import { TEAM_CLAIMS, TEAM_CLAIMS_AFTER_ELSEWHERE } from './cpd-claim-decision.fixtures';
import { cpdClaimDecisionMachine, type CpdDecideInput, type CpdDecideOutcome } from './cpd-claim-decision.machine';
import { selectCpdClaimDecisionView } from './cpd-claim-decision.selectors';

// Behaviour with fake actors: what the server is asked, what the page shows, when the team is read again.

function start(decide: (input: CpdDecideInput) => Promise<CpdDecideOutcome>, lists: CpdClaim[][] = [TEAM_CLAIMS, TEAM_CLAIMS_AFTER_ELSEWHERE]) {
  const sent: CpdDecideInput[] = [];
  let loads = 0;
  let teamChanged = 0;
  const machine = cpdClaimDecisionMachine.provide({
    actors: {
      loadClaims: fromPromise<CpdClaim[], void>(async () => lists[Math.min(loads++, lists.length - 1)]),
      decideClaim: fromPromise<CpdDecideOutcome, CpdDecideInput>(async ({ input }) => (sent.push(input), decide(input))),
    },
    actions: { teamChanged: () => void (teamChanged += 1) },
  });
  const actor = createActor(machine).start();
  return { actor, sent, loads: () => loads, teamChanged: () => teamChanged, view: () => selectCpdClaimDecisionView(actor.getSnapshot()) };
}

describe('cpd-claim-decision machine', () => {
  it('approves a claim: the row leaves the list, the page says so and the team is read again', async () => {
    const t = start(async () => ({ outcome: 'decided' }));
    await waitFor(t.actor, (s) => s.matches('ready'));
    expect(t.view().rows.map((r) => [r.claim.id, r.canDecide])).toEqual([['41', true], ['44', true]]);
    t.actor.send({ type: 'approve', id: '41' });
    expect(t.view().rows.find((r) => r.claim.id === '41')?.busy).toBe(true);
    await waitFor(t.actor, (s) => s.matches('ready'));
    expect(t.view()).toMatchObject({ decided: { name: 'Chan Tai Man', decision: 'approve' }, refused: false, decisionError: null });
    expect(t.view().rows.map((r) => r.claim.id)).toEqual(['44']);
    expect([t.sent, t.teamChanged(), t.loads()]).toEqual([[{ id: '41', decision: { decision: 'approve' } }], 1, 1]);
  });

  it('a rejection needs a reason, sent trimmed; cancel sends nothing', async () => {
    const t = start(async () => ({ outcome: 'decided' }));
    await waitFor(t.actor, (s) => s.matches('ready'));
    t.actor.send({ type: 'reject.open', id: '44' });
    expect(t.view().rejecting).toMatchObject({ id: '44', name: 'Lee Ka Yan', reason: '', canConfirm: false });
    t.actor.send({ type: 'reason.change', reason: '  ' });
    t.actor.send({ type: 'reject.confirm' });
    expect(t.actor.getSnapshot().matches({ ready: 'rejecting' })).toBe(true);
    t.actor.send({ type: 'reject.cancel' });
    expect(t.view().rejecting).toBeNull();
    t.actor.send({ type: 'reject.open', id: '44' });
    t.actor.send({ type: 'reason.change', reason: ' The certificate is not legible. ' });
    expect(t.view().rejecting?.canConfirm).toBe(true);
    t.actor.send({ type: 'reject.confirm' });
    await waitFor(t.actor, (s) => s.matches('ready'));
    expect(t.sent).toEqual([{ id: '44', decision: { decision: 'reject', reason: 'The certificate is not legible.' } }]);
    expect(t.view()).toMatchObject({ decided: { name: 'Lee Ka Yan', decision: 'reject' }, rejecting: null });
  });

  it('a claim decided elsewhere (409) is said, the list is read again and the team too', async () => {
    const t = start(async () => ({ outcome: 'refused', message: 'This claim has been decided already.' }));
    await waitFor(t.actor, (s) => s.matches('ready'));
    t.actor.send({ type: 'approve', id: '41' });
    await waitFor(t.actor, (s) => s.matches({ ready: 'idle' }) && t.loads() === 2);
    expect(t.view()).toMatchObject({ refused: true, decided: null });
    expect(t.view().rows.map((r) => r.claim.id)).toEqual(['44']);
    expect(t.teamChanged()).toBe(1);
  });

  it('a failed decision is said and the row stays; a failed rejection keeps its reason', async () => {
    const t = start(async () => {
      throw new SubmissionError(null);
    });
    await waitFor(t.actor, (s) => s.matches('ready'));
    t.actor.send({ type: 'reject.open', id: '41' });
    t.actor.send({ type: 'reason.change', reason: 'No dates on it' });
    t.actor.send({ type: 'reject.confirm' });
    await waitFor(t.actor, (s) => s.matches({ ready: 'rejecting' }));
    expect(t.view()).toMatchObject({ decisionError: '', rejecting: { id: '41', reason: 'No dates on it', canConfirm: true } });
    expect(t.view().rows.map((r) => r.claim.id)).toEqual(['41', '44']);
    expect(t.teamChanged()).toBe(0);
  });

  it('ignores a claim not on the list (a guessed id)', async () => {
    const t = start(async () => ({ outcome: 'decided' }));
    await waitFor(t.actor, (s) => s.matches('ready'));
    t.actor.send({ type: 'approve', id: '99' });
    t.actor.send({ type: 'reject.open', id: '99' });
    expect(t.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(t.sent).toEqual([]);
  });
});
