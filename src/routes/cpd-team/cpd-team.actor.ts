import { fromPromise } from 'xstate';
import { downloadCpdTeamCsv, getCpdTeam } from '../../api/cpd-team.api';
import type { CpdTeam } from '../../api/schemas/cpd-team.schema';
import { cpdTeamMachine, type CpdTeamAsk } from '../../machines/cpd-team/cpd-team.machine';
import { withSubmissionError as shown } from '../submission';

/** Saves the CSV the server made for the ask on screen (the signed-in request, then a download of the blob). */
async function saveTeamCsv(ask: CpdTeamAsk): Promise<void> {
  const blob = await downloadCpdTeamCsv(ask);
  const url = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = `cpd-team${ask.atRisk ? '-at-risk' : ''}.csv`;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** The one place the team compliance machine meets the API (DESIGN §2). */
export const cpdTeamRouteMachine = cpdTeamMachine.provide({
  actors: {
    loadTeam: fromPromise<CpdTeam, CpdTeamAsk>(shown((ask: CpdTeamAsk) => getCpdTeam(ask))),
    exportCsv: fromPromise<void, CpdTeamAsk>(({ input }) => saveTeamCsv(input)),
  },
});
