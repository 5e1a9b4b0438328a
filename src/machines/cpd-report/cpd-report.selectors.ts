import type { SnapshotFrom } from 'xstate';
import type { CpdReportList, CpdReportRow } from '../../api/schemas/cpd-report.schema';
import { failureView, type FailureView } from '../shared/submission-error';
import type { cpdReportMachine } from './cpd-report.machine';

export type CpdReportSnapshot = SnapshotFrom<typeof cpdReportMachine>;

export interface CpdReportViewModel {
  status: 'loading' | 'ready' | 'failed';
  list: CpdReportList;
  page: number;
  pages: number;
  total: number;
  rows: CpdReportRow[];
  period: { startYear: number; declarationDue: string; insurerReportDue: string } | null;
  failure: FailureView;
  canRetry: boolean;
  canPrevious: boolean;
  canNext: boolean;
  canExport: boolean;
  exporting: boolean;
  exportFailed: boolean;
}

export function selectCpdReportView(snapshot: CpdReportSnapshot): CpdReportViewModel {
  const { ask, report, error, exportFailed } = snapshot.context;
  const status = snapshot.matches('ready') ? 'ready' : snapshot.matches('failed') ? 'failed' : 'loading';
  const shown = status === 'ready' && report ? report : null;
  return {
    status,
    list: ask.list,
    page: ask.page,
    pages: shown ? Math.max(1, Math.ceil(shown.total / shown.per_page)) : 0,
    total: shown?.total ?? 0,
    rows: shown?.data ?? [],
    period: shown ? { startYear: shown.period.start_year, declarationDue: shown.period.declaration_due, insurerReportDue: shown.period.insurer_report_due } : null,
    failure: failureView(status === 'failed', error),
    canRetry: snapshot.can({ type: 'retry' }),
    canPrevious: snapshot.can({ type: 'page.select', page: ask.page - 1 }),
    canNext: snapshot.can({ type: 'page.select', page: ask.page + 1 }),
    canExport: snapshot.can({ type: 'export' }),
    exporting: snapshot.matches({ ready: 'exporting' }),
    exportFailed,
  };
}
