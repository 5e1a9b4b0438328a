import { stateName, type Oracle, type OracleEvent, type OracleRow } from '../testing/model-coverage';
import { selectCpdReportView, type CpdReportSnapshot } from './cpd-report.selectors';

// ADR 022: the compliance officer's report page as issue 45's brief describes it, written from the
// brief and not read off the machine. A different list asks the server again from its first page; a
// page of the list that exists (1 … ⌈total / per page⌉), other than the one on screen, is asked for;
// the CSV downloads the whole list chosen; list and page still apply while it downloads.

const list = (e: OracleEvent, s: CpdReportSnapshot) => (e.list !== s.context.ask.list ? 'loading' : null);
const page = (e: OracleEvent, s: CpdReportSnapshot) => {
  const r = s.context.report;
  const n = e.page as number;
  return r && n >= 1 && n !== s.context.ask.page && (n - 1) * r.per_page < r.total ? 'loading' : null;
};

const table: Record<string, OracleRow<CpdReportSnapshot>> = {
  loading: { 'xstate.done.actor.loadReport': 'ready.idle', 'xstate.error.actor.loadReport': 'failed' },
  failed: { retry: 'loading' },
  'ready.idle': { 'list.select': list, 'page.select': page, export: 'ready.exporting' },
  'ready.exporting': { 'list.select': list, 'page.select': page, 'xstate.done.actor.exportCsv': 'ready.idle', 'xstate.error.actor.exportCsv': 'ready.idle' },
};

export const cpdReportOracle: Oracle<CpdReportSnapshot> = {
  state: (s) => stateName(s.value),
  table,
  offers: (s) => {
    const view = selectCpdReportView(s);
    return { retry: view.status === 'failed', export: view.status === 'ready' && !view.exporting };
  },
};
