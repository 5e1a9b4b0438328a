import { fromPromise } from 'xstate';
import { downloadCpdReportCsv, getCpdReport } from '../../api/cpd-report.api';
import type { CpdReport } from '../../api/schemas/cpd-report.schema';
import { cpdReportMachine, type CpdReportAsk } from '../../machines/cpd-report/cpd-report.machine';
import { withSubmissionError as shown } from '../submission';

/** Saves the whole list the server streamed (the signed-in request, then a download of the blob). */
async function saveReportCsv({ list }: CpdReportAsk): Promise<void> {
  const blob = await downloadCpdReportCsv({ list });
  const url = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = list === 'all' ? 'cpd-insurer-report.csv' : `cpd-declaration-${list.replace('_', '-')}.csv`;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** The one place the CPD report machine meets the API (DESIGN §2). */
export const cpdReportRouteMachine = cpdReportMachine.provide({
  actors: {
    loadReport: fromPromise<CpdReport, CpdReportAsk>(shown((ask: CpdReportAsk) => getCpdReport(ask))),
    exportCsv: fromPromise<void, CpdReportAsk>(({ input }) => saveReportCsv(input)),
  },
});
