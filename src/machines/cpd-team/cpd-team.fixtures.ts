import type { CpdTeam } from '../../api/schemas/cpd-team.schema';
import { cpdTeamMachine, type CpdTeamContext } from './cpd-team.machine';
import { selectCpdTeamView, type CpdTeamViewModel } from './cpd-team.selectors';

// Sample answers of GET /api/cpd/team for the machine's tests and the stories (issue 45): manager01's
// team as the demo shows it (agent01 four hours short, agent02 compliant, agent03 at risk).

const period = { start_year: 2026, starts_on: '2026-08-01', ends_on: '2027-07-31', days_left: 241 };

export const TEAM: CpdTeam = {
  period,
  rows: [
    { user_id: '2', name: 'Chan Tai Man', agent_code: 'agent01', minutes: 660, ethics_minutes: 300, target_minutes: 900, target_ethics_minutes: 180, needed_minutes: 240, needed_ethics_minutes: 0, days_left: 241, forecast: 'on_track' },
    { user_id: '3', name: 'Wong Siu Ming', agent_code: 'agent02', minutes: 990, ethics_minutes: 180, target_minutes: 900, target_ethics_minutes: 180, needed_minutes: 0, needed_ethics_minutes: 0, days_left: 241, forecast: 'met' },
    { user_id: '4', name: 'Lee Ka Yan', agent_code: 'agent03', minutes: 120, ethics_minutes: 120, target_minutes: 900, target_ethics_minutes: 180, needed_minutes: 780, needed_ethics_minutes: 60, days_left: 241, forecast: 'at_risk' },
  ],
};

export const AT_RISK_TEAM: CpdTeam = { period, rows: TEAM.rows.filter((r) => r.forecast === 'at_risk') };
export const EMPTY_TEAM: CpdTeam = { period, rows: [] };

const base: CpdTeamContext = { ask: { atRisk: false, sort: 'name' }, team: null, error: null, exportFailed: false };

/** The view model of a state (stories): resolved on the real machine, read through the selectors. */
export function teamView(value: Parameters<typeof cpdTeamMachine.resolveState>[0]['value'], context: Partial<CpdTeamContext> = {}): CpdTeamViewModel {
  return selectCpdTeamView(cpdTeamMachine.resolveState({ value, context: { ...base, ...context } }));
}
