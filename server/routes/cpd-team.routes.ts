import { getCpdTeamCsvRoute, getCpdTeamRoute } from '../../src/api/schemas/cpd-team.routes';
import { cpdTeam, cpdTeamCsv } from '../domain/cpd-team';
import { langOf } from '../http/context';
import { defineRoute } from '../http/define-route';
import type { ApiApp, AppServices } from '../http/services';

/** Issue 45, ADR 087: the upline's team compliance (managers only, their own downlines). Server clock only. */
export function registerCpdTeamRoutes(app: ApiApp, s: AppServices): void {
  defineRoute(app, getCpdTeamRoute, s.requireFullAuth, async (c, { query }) => c.json(await cpdTeam(s.db, c.get('session').userId, query, new Date(s.clock.now())), 200));

  defineRoute(app, getCpdTeamCsvRoute, s.requireFullAuth, async (c, { query }) => {
    const team = await cpdTeam(s.db, c.get('session').userId, query, new Date(s.clock.now()));
    const csv = cpdTeamCsv(team, langOf(c));
    return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="cpd-team-${team.period.start_year}.csv"` });
  });
}
