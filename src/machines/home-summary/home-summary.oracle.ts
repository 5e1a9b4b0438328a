import type { HomeSummary } from '../../api/schemas/home-summary.schema';
import { stateName, type Oracle, type OracleEvent, type OracleRow } from '../testing/model-coverage';
import { selectHomeSummaryView, type HomeSummarySnapshot } from './home-summary.selectors';

// ADR 022: the home page's summary as issue 45 describes it, written from the issue and not read off
// the machine: (state, event) → next state; an event missing from a row is refused. The summary
// loads once; an answer with nothing to continue and nothing due is "empty", any other "ready"; a
// failed read may be tried again, and only a failed one.

const answered = (e: OracleEvent) => {
  const s = e.output as HomeSummary;
  return s.continue === null && s.due.length === 0 ? 'empty' : 'ready';
};

const table: Record<string, OracleRow<HomeSummarySnapshot>> = {
  loading: { 'xstate.done.actor.load': answered, 'xstate.error.actor.load': 'failed' },
  ready: {},
  empty: {},
  failed: { retry: 'loading' },
};

export const homeSummaryOracle: Oracle<HomeSummarySnapshot> = {
  state: (s) => stateName(s.value),
  table,
  offers: (s) => ({ retry: selectHomeSummaryView(s).status === 'failed' }),
};
