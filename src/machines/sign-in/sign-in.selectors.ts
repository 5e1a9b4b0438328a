import type { SnapshotFrom } from 'xstate';
import type { signInMachine } from './sign-in.machine';
import { failureView, type FailureView } from '../shared/submission-error';

export type SignInSnapshot = SnapshotFrom<typeof signInMachine>;

export interface SignInViewModel {
  busy: boolean;
  failure: FailureView;
  succeeded: boolean;
}

export function selectSignInView(snapshot: SignInSnapshot): SignInViewModel {
  return {
    busy: snapshot.hasTag('busy'),
    failure: failureView(snapshot.matches('failed'), snapshot.context.error),
    succeeded: snapshot.matches('succeeded'),
  };
}
