import type { CpdVerification } from '../../api/schemas/cpd-statement.schema';
import { cpdStatementMachine, type CpdStatementContext } from './cpd-statement.machine';
import { selectCpdStatementView, type CpdStatementViewModel } from './cpd-statement.selectors';

// Issue 45 (ADR 085): answers of GET /api/verify/:code as the demo gives them (agent01), for the
// machine's tests and the view's stories.

export const GENUINE_CODE = 'ABCDEFGHJKLM';

export const STATEMENT_VERIFICATION: CpdVerification = {
  genuine: true,
  kind: 'statement',
  issued_at: '2026-12-02T04:00:00.000Z',
  person: { name: 'Chan Tai Man', agent_code: 'agent01' },
  statement: { start_year: 2026, starts_on: '2026-08-01', ends_on: '2027-07-31', minutes: 660, ethics_minutes: 300, target_minutes: 900, target_ethics_minutes: 180 },
  certificate: null,
};

export const CERTIFICATE_VERIFICATION: CpdVerification = {
  genuine: true,
  kind: 'certificate',
  issued_at: '2026-12-02T04:00:00.000Z',
  person: { name: 'Chan Tai Man', agent_code: 'agent01' },
  statement: null,
  certificate: { title: 'Anti-Money Laundering Essentials', reference: 'IA-AML-2026', minutes: 180, ethics_or_regulations: true, completed_at: '2026-10-05T02:30:00.000Z' },
};

type Value = Parameters<typeof cpdStatementMachine.resolveState>[0]['value'];

/** The view model at a state of the /verify machine, built through the selectors (DESIGN §4). */
export function cpdVerifyViewAt(value: Value = 'idle', context: Partial<CpdStatementContext> = {}): CpdStatementViewModel {
  const base: CpdStatementContext = { code: '', checked: null, verification: null, error: null };
  return selectCpdStatementView(cpdStatementMachine.resolveState({ value, context: { ...base, ...context } }));
}
