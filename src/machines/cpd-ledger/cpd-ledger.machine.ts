import { assign, fromPromise, setup } from 'xstate';
import type { CpdEvidence, CpdLedger } from '../../api/schemas/cpd-ledger.schema';
import { failureMessage } from '../shared/submission-error';

export interface CpdLedgerContext {
  /** The period asked for (null: the current one, which the server decides by its clock). */
  period: number | null;
  ledger: CpdLedger | null;
  /** The periods the picker offers: the current one and the earlier ones, from the first answer. */
  periods: number[];
  /** The row whose evidence is open (or opening), and its evidence once read. */
  openRow: string | null;
  evidence: CpdEvidence | null;
  /** The server's message after a failed read (null: none, or not the server's). */
  error: string | null;
  evidenceError: string | null;
}

export type CpdLedgerEvent =
  | { type: 'retry' }
  | { type: 'period.select'; period: number }
  | { type: 'row.open'; rowId: string }
  | { type: 'evidence.retry' }
  | { type: 'evidence.close' };

/**
 * The CPD ledger page (issue 45): loading → ready | failed (retry). Ready: a period from the picker
 * (one the first answer listed, not the one shown) is read; a row of the ledger shown opens its
 * evidence (opening → shown | failed, retry), which closes back to the ledger. The server decides
 * every figure; the machine only asks. `loadLedger` and `loadEvidence` are provided by
 * src/routes/cpd-ledger/cpd-ledger.actor.ts.
 */
export const cpdLedgerMachine = setup({
  types: {
    context: {} as CpdLedgerContext,
    events: {} as CpdLedgerEvent,
  },
  actors: {
    loadLedger: fromPromise<CpdLedger, { period: number | null }>(async () => {
      throw new Error('loadLedger must be provided (src/routes/cpd-ledger/cpd-ledger.actor.ts)');
    }),
    loadEvidence: fromPromise<CpdEvidence, { rowId: string }>(async () => {
      throw new Error('loadEvidence must be provided (src/routes/cpd-ledger/cpd-ledger.actor.ts)');
    }),
  },
  guards: {
    /** A period the picker lists, other than the one on screen. */
    otherPeriod: ({ context }, { period }: { period: number }) => context.periods.includes(period) && context.ledger?.period.start_year !== period,
    /** A row of the ledger on screen. */
    ledgerRow: ({ context }, { rowId }: { rowId: string }) => context.ledger?.rows.some((r) => r.id === rowId) ?? false,
  },
}).createMachine({
  id: 'cpdLedger',
  initial: 'loading',
  context: { period: null, ledger: null, periods: [], openRow: null, evidence: null, error: null, evidenceError: null },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadLedger',
        src: 'loadLedger',
        input: ({ context }) => ({ period: context.period }),
        onDone: {
          target: 'ready',
          actions: assign({
            ledger: ({ event }) => event.output,
            // The picker's periods come from the first answer: a later one (an earlier period) keeps them.
            periods: ({ context, event }) => (context.periods.length > 0 ? context.periods : [event.output.period.start_year, ...event.output.previous.map((p) => p.start_year)]),
            error: null,
          }),
        },
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
            'period.select': { guard: { type: 'otherPeriod', params: ({ event }) => ({ period: event.period }) }, target: '#cpdLedger.loading', actions: assign({ period: ({ event }) => event.period }) },
            'row.open': { guard: { type: 'ledgerRow', params: ({ event }) => ({ rowId: event.rowId }) }, target: 'evidence', actions: assign({ openRow: ({ event }) => event.rowId }) },
          },
        },
        evidence: {
          initial: 'opening',
          on: { 'evidence.close': { target: 'idle', actions: assign({ openRow: null, evidence: null, evidenceError: null }) } },
          states: {
            opening: {
              tags: ['busy'],
              invoke: {
                id: 'loadEvidence',
                src: 'loadEvidence',
                input: ({ context }) => ({ rowId: context.openRow! }),
                onDone: { target: 'shown', actions: assign({ evidence: ({ event }) => event.output, evidenceError: null }) },
                onError: { target: 'failed', actions: assign({ evidenceError: ({ event }) => failureMessage(event.error) }) },
              },
            },
            shown: {},
            failed: { on: { 'evidence.retry': 'opening' } },
          },
        },
      },
    },
  },
});
