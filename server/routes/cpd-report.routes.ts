import { getCpdReportCsvRoute, getCpdReportRoute } from '../../src/api/schemas/cpd-report.routes';
import { cpdConfig, periodAsked } from '../domain/cpd-ledger';
import { assertAuditor, cpdReport, reportBatches, reportCsvHeader, reportCsvLines } from '../domain/cpd-report';
import { langOf } from '../http/context';
import { defineRoute } from '../http/define-route';
import type { ApiApp, AppServices } from '../http/services';

/** Issue 45, ADR 087: the compliance officer's reports (auditor only). Server clock only. */
export function registerCpdReportRoutes(app: ApiApp, s: AppServices): void {
  defineRoute(app, getCpdReportRoute, s.requireFullAuth, async (c, { query }) => {
    assertAuditor(c.get('session').user.role);
    return c.json(await cpdReport(s.db, query, new Date(s.clock.now())), 200);
  });

  defineRoute(app, getCpdReportCsvRoute, s.requireFullAuth, async (c, { query }) => {
    assertAuditor(c.get('session').user.role);
    const now = new Date(s.clock.now());
    const config = await cpdConfig(s.db);
    // Checked before the first byte: a bad period is a 400, not a broken download.
    const startYear = periodAsked(query.period, now, config);
    const lang = langOf(c);
    const name = query.list === 'all' ? `cpd-insurer-report-${startYear}.csv` : `cpd-declaration-${query.list.replace('_', '-')}-${startYear}.csv`;
    // Pulled a batch (1,000 licensees) at a time as the client reads: the whole report is never in memory.
    const batches = reportBatches(s.db, startYear, now, query.list, config);
    const encoder = new TextEncoder();
    let headerSent = false;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!headerSent) {
          headerSent = true;
          controller.enqueue(encoder.encode(reportCsvHeader(lang)));
          return;
        }
        const next = await batches.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(reportCsvLines(next.value, lang)));
      },
      async cancel() {
        await batches.return(undefined);
      },
    });
    return c.body(body, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}"` });
  });
}
