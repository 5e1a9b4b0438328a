import type { SnapshotFrom } from 'xstate';
import type { LoginPayload } from '../../api/schemas/auth.schema';
import type { signInMachine } from './sign-in.machine';
import { failureView, type FailureView } from '../shared/submission-error';

export type SignInSnapshot = SnapshotFrom<typeof signInMachine>;

export interface SignInViewModel {
  busy: boolean;
  failure: FailureView;
  succeeded: boolean;
  /** Two-factor is on for the account: the code step takes over with these credentials. */
  codeFor: LoginPayload | null;
}

export function selectSignInView(snapshot: SignInSnapshot): SignInViewModel {
  return {
    busy: snapshot.hasTag('busy'),
    failure: failureView(snapshot.matches('failed'), snapshot.context.error),
    succeeded: snapshot.matches('succeeded'),
    codeFor: snapshot.matches('codeRequired') ? snapshot.context.codeFor : null,
  };
}
