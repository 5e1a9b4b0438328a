import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { SubmissionError } from '../shared/submission-error';
import { edgePaths, replayRuns } from '../testing/model-coverage';
import { APPROVED_CLAIM, DRAFT_NO_FILE, DRAFT_WITH_FILE, PENDING_CLAIM, REJECTED_CLAIM } from './cpd-claim.fixtures';
import { cpdClaimMachine, type CpdClaimContext } from './cpd-claim.machine';
import { cpdClaimOracle } from './cpd-claim.oracle';
import { selectCpdClaimView, type CpdClaimSnapshot } from './cpd-claim.selectors';

// Model-based (DESIGN §4, ADR 022): every state and transition of the real machine, for a new claim
// and for a claim opened by its id, replayed into a live actor whose calls the test settles by hand,
// checked at each step against the oracle written from the issue (cpd-claim.oracle.ts).

type TestEvent = EventObject & Record<string, unknown>;
const actorIds = ['loadClaim', 'sendClaim'];
const REFUSED = 'The evidence must be a PDF or a picture (PNG, JPEG or WebP). This file is neither, whatever its name says.';
const events: TestEvent[] = [
  { type: 'retry' },
  { type: 'correct' },
  { type: 'edit' },
  { type: 'submit', draft: DRAFT_WITH_FILE },
  { type: 'submit', draft: DRAFT_NO_FILE },
  { type: 'xstate.done.actor.loadClaim', output: REJECTED_CLAIM },
  { type: 'xstate.done.actor.loadClaim', output: APPROVED_CLAIM },
  { type: 'xstate.error.actor.loadClaim', error: new SubmissionError('This CPD claim does not exist or is not yours to see.') },
  { type: 'xstate.error.actor.loadClaim', error: new TypeError('Failed to fetch') },
  { type: 'xstate.done.actor.sendClaim', output: PENDING_CLAIM },
  { type: 'xstate.error.actor.sendClaim', error: new SubmissionError(REFUSED) },
  { type: 'xstate.error.actor.sendClaim', error: new TypeError('Failed to fetch') },
];

const ctx = (s: AnyMachineSnapshot) => s.context as CpdClaimContext;
const serializeState = (s: AnyMachineSnapshot) =>
  JSON.stringify({ value: s.value, id: ctx(s).claimId, claim: ctx(s).claim?.status ?? null, resend: ctx(s).claim?.may_resend ?? null, file: ctx(s).draft ? ctx(s).draft!.file !== null : null, error: ctx(s).error });
const eventsIn = (s: AnyMachineSnapshot) => events.filter((e) => s.can(e));

const runs = [{ claimId: null }, { claimId: '42' }].map((input) => ({ input, paths: edgePaths(cpdClaimMachine, { input, serializeState, events: eventsIn }) }));

describe('cpd-claim machine, model-based', () => {
  it(`replays the generated paths (a new claim and a claim by its id) against the issue’s table; every state and transition is covered`, async () => {
    const result = await replayRuns(cpdClaimMachine, runs, {
      actorIds,
      events,
      oracle: cpdClaimOracle as never,
      check: (live, { event, before }, calls) => {
        const view = selectCpdClaimView(live as CpdClaimSnapshot);
        // A claim by its id is read by that id; a new claim is never read.
        if (ctx(live).claimId === null) expect(calls('loadClaim')).toEqual([]);
        for (const asked of calls('loadClaim')) expect(asked).toEqual({ claimId: '42' });
        // What is sent is the draft submitted, for this claim (null: a new one).
        if (event.type === 'submit' && live.matches('submitting')) expect(calls('sendClaim').at(-1)).toEqual({ claimId: ctx(before).claimId, draft: event.draft });
        // A refusal keeps what was typed.
        if (live.matches('refused') || live.matches('editing')) expect(ctx(live).draft).toEqual(ctx(before).draft ?? ctx(live).draft);
        if (view.formShown && ctx(live).draft) expect(view.draft).toBe(ctx(live).draft);
        // The claim shown is the server's answer.
        if (event.type === 'xstate.done.actor.sendClaim') expect([view.claim, ctx(live).claimId]).toEqual([PENDING_CLAIM, PENDING_CLAIM.id]);
        // On the form, a new claim needs its file; a correction may keep the one sent.
        if (view.formShown) expect(view.fileRequired).toBe(calls('loadClaim').length === 0);
        // A failure says the server's words, never a raw exception.
        if (event.type.startsWith('xstate.error.actor.')) expect(view.failure).toEqual(event.error instanceof SubmissionError ? { kind: 'server', message: (event.error as SubmissionError).message } : { kind: 'generic' });
        else if (!live.matches('failed') && !live.matches('refused')) expect(view.failure).toBeNull();
        expect(JSON.stringify(view)).not.toContain('Failed to fetch');
        expect(view.busy).toBe(live.matches('loading') || live.matches('submitting'));
      },
    });
    expect(result.paths).toBeGreaterThan(10);
    expect(result.uncovered).toEqual({ states: [], transitions: [] });
  });
});
