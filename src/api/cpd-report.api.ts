import { callRoute } from './call-route';
import type { CpdReport, CpdReportList } from './schemas/cpd-report.schema';
import { getCpdReportCsvRoute, getCpdReportRoute } from './schemas/cpd-report.routes';

// The compliance officer's CPD reports (issue 45, ADR 087): a page of every licensee's status, and
// the whole report as a CSV the server streams.

export interface CpdReportAsk {
  period?: number | null;
  list: CpdReportList;
  page: number;
}

const periodQuery = (period: number | null | undefined) => (period == null ? {} : { period: String(period) });

export function getCpdReport({ period, list, page }: CpdReportAsk): Promise<CpdReport> {
  return callRoute(getCpdReportRoute, { query: { ...periodQuery(period), list, page, per_page: 50 } });
}

export async function downloadCpdReportCsv({ period, list }: Pick<CpdReportAsk, 'period' | 'list'>): Promise<Blob> {
  const response = await callRoute(getCpdReportCsvRoute, { query: { ...periodQuery(period), list } });
  return response.blob();
}
