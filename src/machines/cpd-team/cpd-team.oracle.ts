import { stateName, type Oracle, type OracleEvent, type OracleRow } from '../testing/model-coverage';
import { selectCpdTeamView, type CpdTeamSnapshot } from './cpd-team.selectors';

// ADR 022: the upline's team page as issue 45's brief describes it (loading → ready (filter, sort) |
// failed, retry, export), written from the brief and not read off the machine: (state, event) → next
// state; an event missing from a row is refused. The server sorts and filters, so a different filter
// or sort asks it again (the same one asks nothing), and so does a refresh once the list is shown (a claim was decided); the CSV downloads the list on screen, and the
// filter and sort still apply while it does.

const ask = (s: CpdTeamSnapshot) => s.context.ask;
const filter = (e: OracleEvent, s: CpdTeamSnapshot) => (e.atRisk !== ask(s).atRisk ? 'loading' : null);
const sort = (e: OracleEvent, s: CpdTeamSnapshot) => (e.sort !== ask(s).sort ? 'loading' : null);

const table: Record<string, OracleRow<CpdTeamSnapshot>> = {
  loading: { 'xstate.done.actor.loadTeam': 'ready.idle', 'xstate.error.actor.loadTeam': 'failed' },
  failed: { retry: 'loading' },
  'ready.idle': { 'filter.atRisk': filter, 'sort.select': sort, export: 'ready.exporting', refresh: 'loading' },
  'ready.exporting': { 'filter.atRisk': filter, 'sort.select': sort, refresh: 'loading', 'xstate.done.actor.exportCsv': 'ready.idle', 'xstate.error.actor.exportCsv': 'ready.idle' },
};

export const cpdTeamOracle: Oracle<CpdTeamSnapshot> = {
  state: (s) => stateName(s.value),
  table,
  offers: (s) => {
    const view = selectCpdTeamView(s);
    return { retry: view.canRetry && view.status === 'failed', export: view.status === 'ready' && !view.exporting };
  },
};
