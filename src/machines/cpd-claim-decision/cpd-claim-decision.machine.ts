import { assign, fromPromise, setup } from 'xstate';
import type { CpdClaim, CpdClaimDecision } from '../../api/schemas/cpd-claim.schema';
import { failureMessage } from '../shared/submission-error';

// Issue 45 (ADR 086's decision, on the upline's /cpd/team page): the team's pending claims and the
// upline's one decision on each. loading → ready (idle, or rejecting one claim while its reason is
// written) → deciding(id) → ready (the row leaves the list) | refused (decided already, e.g. in another
// tab: the list is read again) ; a failed decision is said in ready and the row stays; failed load → retry.
// The server is the judge: the list and who may decide are its answer (may_decide).

/** What the decide call answered: done, or refused because the claim was decided already (409 CpdClaimDecided). */
export type CpdDecideOutcome = { outcome: 'decided' } | { outcome: 'refused'; message: string | null };

export interface CpdDecideInput {
  id: string;
  decision: CpdClaimDecision;
}

export interface CpdClaimDecisionContext {
  claims: CpdClaim[] | null;
  /** The claim whose rejection reason is being written (ready.rejecting). */
  rejecting: { id: string; reason: string } | null;
  /** The decision under way, or the last one sent. */
  deciding: CpdDecideInput | null;
  /** The last decision that went through: who and what (the page says it). */
  decided: { name: string; decision: 'approve' | 'reject' } | null;
  /** The claim was decided already (409): the server's words, '' for none. Null: not refused. */
  refusal: string | null;
  /** The last load failed: the server's reason (null: the view's own text). */
  error: string | null;
  /** The last decision failed (not a refusal): the server's reason, '' for none; null: it did not. */
  decisionError: string | null;
}

export type CpdClaimDecisionEvent =
  | { type: 'retry' }
  | { type: 'approve'; id: string }
  | { type: 'reject.open'; id: string }
  | { type: 'reason.change'; reason: string }
  | { type: 'reject.cancel' }
  | { type: 'reject.confirm' };

const decidable = (claims: CpdClaim[] | null, id: string) => (claims ?? []).some((c) => c.id === id && c.status === 'pending' && c.may_decide);
const nameOf = (claims: CpdClaim[] | null, id: string) => (claims ?? []).find((c) => c.id === id)?.claimant.name ?? '';

export const cpdClaimDecisionMachine = setup({
  types: {
    context: {} as CpdClaimDecisionContext,
    events: {} as CpdClaimDecisionEvent,
  },
  actors: {
    loadClaims: fromPromise<CpdClaim[], void>(async () => {
      throw new Error('loadClaims must be provided (src/routes/cpd-claim-decision/cpd-claim-decision.actor.ts)');
    }),
    decideClaim: fromPromise<CpdDecideOutcome, CpdDecideInput>(async () => {
      throw new Error('decideClaim must be provided (src/routes/cpd-claim-decision/cpd-claim-decision.actor.ts)');
    }),
  },
  actions: {
    /** The team's figures changed (or may have, after a refusal): the page reads them again. */
    teamChanged: () => {},
  },
  guards: {
    decidable: ({ context, event }) => (event.type === 'approve' || event.type === 'reject.open') && decidable(context.claims, event.id),
    wasRejecting: ({ context }) => context.rejecting !== null,
    hasReason: ({ context }) => (context.rejecting?.reason.trim() ?? '').length > 0,
    refused: ({ event }) => (event as unknown as { output: CpdDecideOutcome }).output.outcome === 'refused',
  },
}).createMachine({
  id: 'cpdClaimDecision',
  initial: 'loading',
  context: { claims: null, rejecting: null, deciding: null, decided: null, refusal: null, error: null, decisionError: null },
  states: {
    loading: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'loadClaims',
        src: 'loadClaims',
        onDone: { target: 'ready', actions: assign({ claims: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
      },
    },
    failed: {
      on: { retry: 'loading' },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            approve: {
              guard: 'decidable',
              target: '#cpdClaimDecision.deciding',
              actions: assign({ deciding: ({ event }) => ({ id: event.id, decision: { decision: 'approve' } }) }),
            },
            'reject.open': { guard: 'decidable', target: 'rejecting', actions: assign({ rejecting: ({ event }) => ({ id: event.id, reason: '' }) }) },
          },
        },
        rejecting: {
          on: {
            'reason.change': { actions: assign({ rejecting: ({ context, event }) => ({ id: context.rejecting!.id, reason: event.reason }) }) },
            'reject.cancel': { target: 'idle', actions: assign({ rejecting: null }) },
            'reject.confirm': {
              guard: 'hasReason',
              target: '#cpdClaimDecision.deciding',
              actions: assign({ deciding: ({ context }) => ({ id: context.rejecting!.id, decision: { decision: 'reject', reason: context.rejecting!.reason.trim() } }) }),
            },
          },
        },
      },
    },
    deciding: {
      tags: ['busy'],
      entry: assign({ refusal: null, decisionError: null, decided: null }),
      invoke: {
        id: 'decideClaim',
        src: 'decideClaim',
        input: ({ context }) => context.deciding!,
        onDone: [
          { guard: 'refused', target: 'refused', actions: assign({ rejecting: null, refusal: ({ event }) => (event.output.outcome === 'refused' ? (event.output.message ?? '') : '') }) },
          {
            target: 'ready.idle',
            actions: [
              assign({
                decided: ({ context }) => ({ name: nameOf(context.claims, context.deciding!.id), decision: context.deciding!.decision.decision }),
                claims: ({ context }) => (context.claims ?? []).filter((c) => c.id !== context.deciding!.id),
                rejecting: null,
              }),
              'teamChanged',
            ],
          },
        ],
        // Not decided (offline, a bad reason…): said, and the row stays to be tried again; a rejection keeps its reason.
        onError: [
          { guard: 'wasRejecting', target: 'ready.rejecting', actions: assign({ decisionError: ({ event }) => failureMessage(event.error) ?? '' }) },
          { target: 'ready.idle', actions: assign({ decisionError: ({ event }) => failureMessage(event.error) ?? '' }) },
        ],
      },
    },
    refused: {
      tags: ['busy'],
      // Decided elsewhere: the list (and the team's figures) are read again; the refusal stays said.
      entry: 'teamChanged',
      invoke: {
        id: 'loadClaims',
        src: 'loadClaims',
        onDone: { target: 'ready.idle', actions: assign({ claims: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
      },
    },
  },
});
