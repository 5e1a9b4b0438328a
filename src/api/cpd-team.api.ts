import { callRoute } from './call-route';
import type { CpdTeam, CpdTeamSort } from './schemas/cpd-team.schema';
import { getCpdTeamCsvRoute, getCpdTeamRoute } from './schemas/cpd-team.routes';

// The upline's team compliance (issue 45, ADR 087): sorted and filtered by the server.

export interface CpdTeamAsk {
  period?: number | null;
  atRisk: boolean;
  sort: CpdTeamSort;
}

const teamQuery = ({ period = null, atRisk, sort }: CpdTeamAsk) => ({ ...(period === null ? {} : { period: String(period) }), ...(atRisk ? { atRisk: 'true' as const } : {}), sort });

export function getCpdTeam(ask: CpdTeamAsk): Promise<CpdTeam> {
  return callRoute(getCpdTeamRoute, { query: teamQuery(ask) });
}

/** The team as a CSV file (the signed-in request; the caller saves the blob). */
export async function downloadCpdTeamCsv(ask: CpdTeamAsk): Promise<Blob> {
  const response = await callRoute(getCpdTeamCsvRoute, { query: teamQuery(ask) });
  return response.blob();
}
