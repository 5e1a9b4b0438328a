import type { CpdReport } from '../../api/schemas/cpd-report.schema';
import { cpdReportMachine, type CpdReportContext } from './cpd-report.machine';
import { selectCpdReportView, type CpdReportViewModel } from './cpd-report.selectors';

// Sample answers of GET /api/cpd/report for the machine's tests and the stories (issue 45): the demo's licensees.

const period = { start_year: 2026, starts_on: '2026-08-01', ends_on: '2027-07-31', days_left: 241, declaration_due: '2027-09-30', insurer_report_due: '2027-10-31' };
const row = (id: string, code: string, name: string, minutes: number, ethics: number) => ({ user_id: id, agent_code: code, name, minutes, ethics_minutes: ethics, target_minutes: 900, target_ethics_minutes: 180, compliant: minutes >= 900 && ethics >= 180 });

/** Page 1 of 2 (per page 3). */
export const REPORT: CpdReport = { period, list: 'all', page: 1, per_page: 3, total: 5, data: [row('2', 'agent01', 'Chan Tai Man', 660, 300), row('3', 'agent02', 'Wong Siu Ming', 990, 180), row('4', 'agent03', 'Lee Ka Yan', 120, 120)] };
export const REPORT_PAGE_2: CpdReport = { ...REPORT, page: 2, data: [row('5', 'manager01', 'Cheung Wai Kit', 0, 0), row('6', 'agent2fa', 'Lam Chi Ho', 0, 0)] };
export const CAN_DECLARE: CpdReport = { ...REPORT, list: 'can_declare', total: 1, data: [REPORT.data[1]] };

const base: CpdReportContext = { ask: { list: 'all', page: 1 }, report: null, error: null, exportFailed: false };

export function reportView(value: Parameters<typeof cpdReportMachine.resolveState>[0]['value'], context: Partial<CpdReportContext> = {}): CpdReportViewModel {
  return selectCpdReportView(cpdReportMachine.resolveState({ value, context: { ...base, ...context } }));
}
