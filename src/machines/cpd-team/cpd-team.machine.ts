import { assign, fromPromise, setup } from 'xstate';
import type { CpdTeam, CpdTeamSort } from '../../api/schemas/cpd-team.schema';
import { failureMessage } from '../shared/submission-error';

// Issue 45, ADR 087: the upline's team compliance page. The server sorts and filters, so a change
// of either asks it again; the CSV is the same ask. loading → ready | failed (retry);
// ready.exporting while the CSV downloads (a failure is said, the list stays); `refresh` reads the
// same ask again (a claim decided on the page changed the figures, cpd-claim-decision).

export interface CpdTeamAsk {
  atRisk: boolean;
  sort: CpdTeamSort;
}

export interface CpdTeamContext {
  ask: CpdTeamAsk;
  team: CpdTeam | null;
  /** The server's (translated) reason of the last failed load; null: none, or nothing to say (the view's own text). */
  error: string | null;
  exportFailed: boolean;
}

export type CpdTeamEvent = { type: 'retry' } | { type: 'refresh' } | { type: 'filter.atRisk'; atRisk: boolean } | { type: 'sort.select'; sort: CpdTeamSort } | { type: 'export' };

export const cpdTeamMachine = setup({
  types: {
    context: {} as CpdTeamContext,
    events: {} as CpdTeamEvent,
  },
  actors: {
    loadTeam: fromPromise<CpdTeam, CpdTeamAsk>(async () => {
      throw new Error('loadTeam must be provided (src/routes/cpd-team/cpd-team.actor.ts)');
    }),
    exportCsv: fromPromise<void, CpdTeamAsk>(async () => {
      throw new Error('exportCsv must be provided (src/routes/cpd-team/cpd-team.actor.ts)');
    }),
  },
  guards: {
    changesFilter: ({ context, event }) => event.type === 'filter.atRisk' && event.atRisk !== context.ask.atRisk,
    changesSort: ({ context, event }) => event.type === 'sort.select' && event.sort !== context.ask.sort,
  },
}).createMachine({
  id: 'cpdTeam',
  initial: 'loading',
  context: { ask: { atRisk: false, sort: 'name' }, team: null, error: null, exportFailed: false },
  states: {
    loading: {
      tags: ['busy'],
      entry: assign({ error: null, exportFailed: false }),
      invoke: {
        id: 'loadTeam',
        src: 'loadTeam',
        input: ({ context }) => context.ask,
        onDone: { target: 'ready', actions: assign({ team: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
      },
    },
    ready: {
      initial: 'idle',
      on: {
        'filter.atRisk': { guard: 'changesFilter', target: 'loading', actions: assign({ ask: ({ context, event }) => ({ ...context.ask, atRisk: event.atRisk }) }) },
        'sort.select': { guard: 'changesSort', target: 'loading', actions: assign({ ask: ({ context, event }) => ({ ...context.ask, sort: event.sort }) }) },
        refresh: 'loading',
      },
      states: {
        idle: {
          on: { export: { target: 'exporting', actions: assign({ exportFailed: false }) } },
        },
        exporting: {
          tags: ['busy'],
          invoke: {
            id: 'exportCsv',
            src: 'exportCsv',
            input: ({ context }) => context.ask,
            onDone: { target: 'idle' },
            onError: { target: 'idle', actions: assign({ exportFailed: true }) },
          },
        },
      },
    },
    failed: {
      on: { retry: 'loading' },
    },
  },
});
