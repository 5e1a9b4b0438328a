import type { SnapshotFrom } from 'xstate';
import type { CpdVerification } from '../../api/schemas/cpd-statement.schema';
import { formatVerificationCode, normalizeVerificationCode } from '../../config/cpd-verification-code';
import { failureView, type FailureView } from '../shared/submission-error';
import type { cpdStatementMachine } from './cpd-statement.machine';

export type CpdStatementSnapshot = SnapshotFrom<typeof cpdStatementMachine>;

export interface CpdStatementViewModel {
  status: 'idle' | 'checking' | 'genuine' | 'notGenuine' | 'failed';
  code: string;
  /** The code checked, as printed (ABCD-EFGH-JKLM); null before a check. */
  checked: string | null;
  /** Typed but cannot be a code: the form says so instead of sending it. */
  malformed: boolean;
  verification: CpdVerification | null;
  failure: FailureView;
  /** Each offer is exactly what the machine takes. */
  canSubmit: boolean;
  canEdit: boolean;
  canRetry: boolean;
}

export function selectCpdStatementView(s: CpdStatementSnapshot): CpdStatementViewModel {
  const status = (['checking', 'genuine', 'notGenuine', 'failed'] as const).find((v) => s.matches(v)) ?? 'idle';
  const { code, checked, verification, error } = s.context;
  return {
    status,
    code,
    checked: checked ? formatVerificationCode(checked) : null,
    malformed: code.trim() !== '' && normalizeVerificationCode(code) === null,
    verification: status === 'genuine' ? verification : null,
    failure: failureView(status === 'failed', error),
    canSubmit: s.can({ type: 'submit' }),
    canEdit: s.can({ type: 'code.edit', code: '' }),
    canRetry: s.can({ type: 'retry' }),
  };
}
