import type { SnapshotFrom } from 'xstate';
import type { forgotPasswordMachine } from './forgot-password.machine';
import { failureView, type FailureView } from '../shared/submission-error';

export type ForgotPasswordSnapshot = SnapshotFrom<typeof forgotPasswordMachine>;

export interface ForgotPasswordViewModel {
  busy: boolean;
  failure: FailureView;
  /** The server's confirmation text once the request was accepted. */
  sent: string | null;
}

export function selectForgotPasswordView(snapshot: ForgotPasswordSnapshot): ForgotPasswordViewModel {
  return {
    busy: snapshot.hasTag('busy'),
    failure: failureView(snapshot.matches('failed'), snapshot.context.error),
    sent: snapshot.matches('sent') ? (snapshot.context.result ?? '') : null,
  };
}
