import type { SnapshotFrom } from 'xstate';
import type { CpdTeamRow, CpdTeamSort } from '../../api/schemas/cpd-team.schema';
import { failureView, type FailureView } from '../shared/submission-error';
import type { cpdTeamMachine } from './cpd-team.machine';

export type CpdTeamSnapshot = SnapshotFrom<typeof cpdTeamMachine>;

export interface CpdTeamViewModel {
  status: 'loading' | 'ready' | 'failed';
  atRisk: boolean;
  sort: CpdTeamSort;
  /** The server's rows as it sorted and filtered them (empty until loaded). */
  rows: CpdTeamRow[];
  period: { startYear: number; endsOn: string; daysLeft: number } | null;
  failure: FailureView;
  /** The controls are offered exactly when the machine takes their events. */
  canRetry: boolean;
  canFilter: boolean;
  canExport: boolean;
  exporting: boolean;
  exportFailed: boolean;
}

export function selectCpdTeamView(snapshot: CpdTeamSnapshot): CpdTeamViewModel {
  const { ask, team, error, exportFailed } = snapshot.context;
  const status = snapshot.matches('ready') ? 'ready' : snapshot.matches('failed') ? 'failed' : 'loading';
  return {
    status,
    atRisk: ask.atRisk,
    sort: ask.sort,
    rows: status === 'ready' && team ? team.rows : [],
    period: status === 'ready' && team ? { startYear: team.period.start_year, endsOn: team.period.ends_on, daysLeft: team.period.days_left } : null,
    failure: failureView(status === 'failed', error),
    canRetry: snapshot.can({ type: 'retry' }),
    canFilter: snapshot.can({ type: 'filter.atRisk', atRisk: !ask.atRisk }),
    canExport: snapshot.can({ type: 'export' }),
    exporting: snapshot.matches({ ready: 'exporting' }),
    exportFailed,
  };
}
