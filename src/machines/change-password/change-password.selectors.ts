import type { SnapshotFrom } from 'xstate';
import type { changePasswordMachine } from './change-password.machine';
import { failureView, type FailureView } from '../shared/submission-error';

export type ChangePasswordSnapshot = SnapshotFrom<typeof changePasswordMachine>;

export interface ChangePasswordViewModel {
  busy: boolean;
  failure: FailureView;
  /** The form is replaced by the success message and a link onwards. */
  changed: boolean;
}

export function selectChangePasswordView(snapshot: ChangePasswordSnapshot): ChangePasswordViewModel {
  return {
    busy: snapshot.hasTag('busy'),
    failure: failureView(snapshot.matches('failed'), snapshot.context.error),
    changed: snapshot.matches('changed'),
  };
}
