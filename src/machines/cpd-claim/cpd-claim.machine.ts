import { assign, fromPromise, setup } from 'xstate';
import type { CpdClaim, CpdClaimFields } from '../../api/schemas/cpd-claim.schema';
import { failureMessage } from '../shared/submission-error';

/** What the form sends: its fields as the contract takes them, and the evidence file (null: keep the one sent, on a correction). */
export interface CpdClaimDraft {
  fields: CpdClaimFields;
  file: File | null;
}

export interface CpdClaimContext {
  /** The claim this page is about (null: a new claim). */
  claimId: string | null;
  claim: CpdClaim | null;
  /** What was last sent: kept on a refusal, so nothing typed is lost. */
  draft: CpdClaimDraft | null;
  /** The server's message after a failure (null: none, or not the server's). */
  error: string | null;
}

export type CpdClaimEvent = { type: 'retry' } | { type: 'correct' } | { type: 'submit'; draft: CpdClaimDraft } | { type: 'edit' };

/**
 * A claim for an outside CPD activity (issue 45, ADR 086). A new claim starts editing; a claim by
 * its id is loaded (loading → shown | failed, retry) and, when the server says it may be sent again
 * (rejected, the caller's), `correct` opens the form with it. `submit` sends the form (a new claim
 * needs its evidence file; a correction may keep the one sent): submitting → submitted | refused,
 * where the draft is kept, sent again as it is (`submit`) or edited (`edit`). The server judges every
 * field; `loadClaim` and `sendClaim` are provided by src/routes/cpd-claim/cpd-claim.actor.ts.
 */
export const cpdClaimMachine = setup({
  types: {
    context: {} as CpdClaimContext,
    events: {} as CpdClaimEvent,
    input: {} as { claimId: string | null },
  },
  actors: {
    loadClaim: fromPromise<CpdClaim, { claimId: string }>(async () => {
      throw new Error('loadClaim must be provided (src/routes/cpd-claim/cpd-claim.actor.ts)');
    }),
    sendClaim: fromPromise<CpdClaim, { claimId: string | null; draft: CpdClaimDraft }>(async () => {
      throw new Error('sendClaim must be provided (src/routes/cpd-claim/cpd-claim.actor.ts)');
    }),
  },
  guards: {
    isNew: ({ context }) => context.claimId === null,
    mayResend: ({ context }) => context.claim?.may_resend ?? false,
    /** A new claim carries its evidence; a correction may keep the file sent. */
    hasEvidence: ({ context }, { draft }: { draft: CpdClaimDraft }) => draft.file !== null || context.claimId !== null,
  },
}).createMachine({
  id: 'cpdClaim',
  context: ({ input }) => ({ claimId: input.claimId, claim: null, draft: null, error: null }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'isNew', target: 'editing' }, { target: 'loading' }] },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadClaim',
        src: 'loadClaim',
        input: ({ context }) => ({ claimId: context.claimId! }),
        onDone: { target: 'shown', actions: assign({ claim: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
      },
    },
    failed: { on: { retry: 'loading' } },
    shown: { on: { correct: { guard: 'mayResend', target: 'editing' } } },
    editing: {
      on: {
        submit: { guard: { type: 'hasEvidence', params: ({ event }) => ({ draft: event.draft }) }, target: 'submitting', actions: assign({ draft: ({ event }) => event.draft, error: null }) },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'sendClaim',
        src: 'sendClaim',
        input: ({ context }) => ({ claimId: context.claimId, draft: context.draft! }),
        onDone: { target: 'submitted', actions: assign({ claim: ({ event }) => event.output, claimId: ({ event }) => event.output.id }) },
        onError: { target: 'refused', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
      },
    },
    refused: {
      on: {
        submit: { guard: { type: 'hasEvidence', params: ({ event }) => ({ draft: event.draft }) }, target: 'submitting', actions: assign({ draft: ({ event }) => event.draft, error: null }) },
        edit: { target: 'editing', actions: assign({ error: null }) },
      },
    },
    submitted: {},
  },
});
