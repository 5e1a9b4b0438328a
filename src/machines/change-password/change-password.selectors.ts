import type { SnapshotFrom } from 'xstate';
import type { changePasswordMachine } from './change-password.machine';
import type { FailureView } from '../shared/submission-error';
import { selectFormSubmission } from '../form-submission/form-submission.selectors';

export type ChangePasswordSnapshot = SnapshotFrom<typeof changePasswordMachine>;

export interface ChangePasswordViewModel {
  busy: boolean;
  failure: FailureView;
  /** The form is replaced by the success message and a link onwards. */
  changed: boolean;
}

export function selectChangePasswordView(snapshot: ChangePasswordSnapshot): ChangePasswordViewModel {
  const { busy, failure, result } = selectFormSubmission(snapshot);
  return { busy, failure, changed: result !== null };
}
