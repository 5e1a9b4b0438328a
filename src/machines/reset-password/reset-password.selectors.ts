import type { SnapshotFrom } from 'xstate';
import type { resetPasswordMachine } from './reset-password.machine';
import { failureView, type FailureView } from '../shared/submission-error';

export type ResetPasswordSnapshot = SnapshotFrom<typeof resetPasswordMachine>;

export interface ResetPasswordViewModel {
  busy: boolean;
  failure: FailureView;
  done: boolean;
}

export function selectResetPasswordView(snapshot: ResetPasswordSnapshot): ResetPasswordViewModel {
  return {
    busy: snapshot.hasTag('busy'),
    failure: failureView(snapshot.matches('failed'), snapshot.context.error),
    done: snapshot.matches('done'),
  };
}
