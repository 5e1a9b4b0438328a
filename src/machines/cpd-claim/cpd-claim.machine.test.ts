import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CpdClaim } from '../../api/schemas/cpd-claim.schema';
import { SubmissionError } from '../shared/submission-error';
import { waitFor } from '../testing/wait-for';
import { DRAFT_NO_FILE, DRAFT_WITH_FILE, PENDING_CLAIM, REJECTED_CLAIM } from './cpd-claim.fixtures';
import { cpdClaimMachine, type CpdClaimDraft } from './cpd-claim.machine';
import { selectCpdClaimView } from './cpd-claim.selectors';

type Outcome<T> = T | Error;

/** The machine with calls that answer from lists of outcomes, one per call, recording what was asked. */
function start(claimId: string | null, loads: Outcome<CpdClaim>[], sends: Outcome<CpdClaim>[]) {
  const asked: { load: string[]; send: { claimId: string | null; draft: CpdClaimDraft }[] } = { load: [], send: [] };
  const next = <T,>(list: Outcome<T>[]) => {
    const out = list.shift();
    if (out === undefined) return new Promise<T>(() => {});
    return out instanceof Error ? Promise.reject(out) : Promise.resolve(out);
  };
  const loadClaim = fromPromise<CpdClaim, { claimId: string }>(({ input }) => (asked.load.push(input.claimId), next(loads)));
  const sendClaim = fromPromise<CpdClaim, { claimId: string | null; draft: CpdClaimDraft }>(({ input }) => (asked.send.push(input), next(sends)));
  const actor = createActor(cpdClaimMachine.provide({ actors: { loadClaim, sendClaim } }), { input: { claimId } }).start();
  return { actor, asked };
}

describe('cpd-claim machine', () => {
  it('a new claim: refuses to send without its file, keeps the draft through a refusal, then shows the pending claim', async () => {
    const { actor, asked } = start(null, [], [new SubmissionError('The activity cannot end after today.'), PENDING_CLAIM]);
    expect(selectCpdClaimView(actor.getSnapshot())).toMatchObject({ status: 'editing', fileRequired: true, canSubmit: true });
    actor.send({ type: 'submit', draft: DRAFT_NO_FILE });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'submit', draft: DRAFT_WITH_FILE });
    await waitFor(actor, (s) => s.matches('refused'));
    const refused = selectCpdClaimView(actor.getSnapshot());
    expect(refused).toMatchObject({ failure: { kind: 'server', message: 'The activity cannot end after today.' }, draft: DRAFT_WITH_FILE, canEdit: true, canSubmit: true });
    actor.send({ type: 'edit' });
    expect(selectCpdClaimView(actor.getSnapshot())).toMatchObject({ status: 'editing', draft: DRAFT_WITH_FILE, failure: null });
    actor.send({ type: 'submit', draft: DRAFT_WITH_FILE });
    await waitFor(actor, (s) => s.matches('submitted'));
    expect(asked.send).toEqual([
      { claimId: null, draft: DRAFT_WITH_FILE },
      { claimId: null, draft: DRAFT_WITH_FILE },
    ]);
    expect(selectCpdClaimView(actor.getSnapshot())).toMatchObject({ status: 'submitted', claim: PENDING_CLAIM });
  });

  it('a rejected claim: shown with its reason, corrected and sent again as the same claim, the file kept', async () => {
    const { actor, asked } = start('42', [REJECTED_CLAIM], [{ ...REJECTED_CLAIM, status: 'pending', revision: 2, reason: null, may_resend: false }]);
    await waitFor(actor, (s) => s.matches('shown'));
    expect(asked.load).toEqual(['42']);
    expect(selectCpdClaimView(actor.getSnapshot())).toMatchObject({ status: 'shown', canCorrect: true, claim: { reason: 'The certificate does not show your name.' } });
    actor.send({ type: 'correct' });
    expect(selectCpdClaimView(actor.getSnapshot())).toMatchObject({ status: 'editing', correcting: true, fileRequired: false });
    actor.send({ type: 'submit', draft: DRAFT_NO_FILE });
    await waitFor(actor, (s) => s.matches('submitted'));
    expect(asked.send).toEqual([{ claimId: '42', draft: DRAFT_NO_FILE }]);
    expect(selectCpdClaimView(actor.getSnapshot()).claim).toMatchObject({ status: 'pending', revision: 2 });
  });

  it('a pending claim offers no correction; a failed read shows the generic text and retries', async () => {
    const { actor } = start('41', [new TypeError('Failed to fetch'), PENDING_CLAIM], []);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectCpdClaimView(actor.getSnapshot())).toMatchObject({ failure: { kind: 'generic' }, canRetry: true });
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('shown'));
    actor.send({ type: 'correct' });
    expect(selectCpdClaimView(actor.getSnapshot())).toMatchObject({ status: 'shown', canCorrect: false });
  });
});
