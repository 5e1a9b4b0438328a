import { assign, fromPromise, setup } from 'xstate';
import type { CpdReport, CpdReportList } from '../../api/schemas/cpd-report.schema';
import { failureMessage } from '../shared/submission-error';

// Issue 45, ADR 087: the compliance officer's CPD report page: a page of every licensee's status (the
// insurer's 31 October report) or a declaration list (30 September), and the whole list as a CSV the
// server streams. loading → ready | failed (retry); ready.exporting while the CSV downloads.

export interface CpdReportAsk {
  list: CpdReportList;
  page: number;
}

export interface CpdReportContext {
  ask: CpdReportAsk;
  report: CpdReport | null;
  error: string | null;
  exportFailed: boolean;
}

export type CpdReportEvent = { type: 'retry' } | { type: 'list.select'; list: CpdReportList } | { type: 'page.select'; page: number } | { type: 'export' };

export const cpdReportMachine = setup({
  types: { context: {} as CpdReportContext, events: {} as CpdReportEvent },
  actors: {
    loadReport: fromPromise<CpdReport, CpdReportAsk>(async () => {
      throw new Error('loadReport must be provided (src/routes/cpd-report/cpd-report.actor.ts)');
    }),
    exportCsv: fromPromise<void, CpdReportAsk>(async () => {
      throw new Error('exportCsv must be provided (src/routes/cpd-report/cpd-report.actor.ts)');
    }),
  },
  guards: {
    changesList: ({ context, event }) => event.type === 'list.select' && event.list !== context.ask.list,
    // A page of the list that exists, and not the one on screen.
    pageExists: ({ context, event }) => {
      if (event.type !== 'page.select' || !context.report || event.page === context.ask.page || event.page < 1) return false;
      return (event.page - 1) * context.report.per_page < context.report.total;
    },
  },
}).createMachine({
  id: 'cpdReport',
  initial: 'loading',
  context: { ask: { list: 'all', page: 1 }, report: null, error: null, exportFailed: false },
  states: {
    loading: {
      tags: ['busy'],
      entry: assign({ error: null, exportFailed: false }),
      invoke: {
        id: 'loadReport',
        src: 'loadReport',
        input: ({ context }) => context.ask,
        onDone: { target: 'ready', actions: assign({ report: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
      },
    },
    ready: {
      initial: 'idle',
      on: {
        'list.select': { guard: 'changesList', target: 'loading', actions: assign({ ask: ({ event }) => ({ list: event.list, page: 1 }) }) },
        'page.select': { guard: 'pageExists', target: 'loading', actions: assign({ ask: ({ context, event }) => ({ ...context.ask, page: event.page }) }) },
      },
      states: {
        idle: { on: { export: { target: 'exporting', actions: assign({ exportFailed: false }) } } },
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
    failed: { on: { retry: 'loading' } },
  },
});
