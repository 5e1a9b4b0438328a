import type { SnapshotFrom } from 'xstate';
import type { LoginPayload } from '../../api/schemas/sign-in.schema';
import type { signInMachine } from './sign-in.machine';
import type { FailureView } from '../shared/submission-error';
import { selectFormSubmission } from '../form-submission/form-submission.selectors';

export type SignInSnapshot = SnapshotFrom<typeof signInMachine>;

export interface SignInViewModel {
  busy: boolean;
  failure: FailureView;
  succeeded: boolean;
  /** Two-factor is on for the account: the code step takes over with these credentials. */
  codeFor: LoginPayload | null;
}

export function selectSignInView(snapshot: SignInSnapshot): SignInViewModel {
  const { busy, failure, result } = selectFormSubmission(snapshot);
  return {
    busy,
    failure,
    succeeded: result?.value.kind === 'signedIn',
    codeFor: result?.value.kind === 'codeRequired' ? result.value.credentials : null,
  };
}
