import type { SnapshotFrom } from 'xstate';
import type { resetPasswordMachine } from './reset-password.machine';
import type { FailureView } from '../shared/submission-error';
import { selectFormSubmission } from '../form-submission/form-submission.selectors';

export type ResetPasswordSnapshot = SnapshotFrom<typeof resetPasswordMachine>;

export interface ResetPasswordViewModel {
  busy: boolean;
  failure: FailureView;
  done: boolean;
}

export function selectResetPasswordView(snapshot: ResetPasswordSnapshot): ResetPasswordViewModel {
  const { busy, failure, result } = selectFormSubmission(snapshot);
  return { busy, failure, done: result !== null };
}
