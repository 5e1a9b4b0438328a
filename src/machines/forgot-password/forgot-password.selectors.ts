import type { SnapshotFrom } from 'xstate';
import type { forgotPasswordMachine } from './forgot-password.machine';
import type { FailureView } from '../shared/submission-error';
import { selectFormSubmission } from '../form-submission/form-submission.selectors';

export type ForgotPasswordSnapshot = SnapshotFrom<typeof forgotPasswordMachine>;

export interface ForgotPasswordViewModel {
  busy: boolean;
  failure: FailureView;
  /** The server's confirmation text once the request was accepted. */
  sent: string | null;
}

export function selectForgotPasswordView(snapshot: ForgotPasswordSnapshot): ForgotPasswordViewModel {
  const { busy, failure, result } = selectFormSubmission(snapshot);
  return { busy, failure, sent: result ? (result.value ?? '') : null };
}
