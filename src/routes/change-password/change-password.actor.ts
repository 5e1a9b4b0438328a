import { fromPromise } from 'xstate';
import { markPasswordReset, replaceCurrentUser } from '../../api/current-user';
import { changePassword, getCurrentUser } from '../../api/users.api';
import type { ChangePasswordPayload } from '../../api/schemas/password.schema';
import { changePasswordMachine } from '../../machines/change-password/change-password.machine';
import { toSubmissionError } from '../submission';

/** PUT users/current/password; then the loaded user is flagged password_reset=true (SPEC §4),
 * which lifts the layout's forced redirect to this page, and read again: the server now says whether
 * the new joiner's welcome is due (issue 47), where the layout sends them when they continue. */
export const submitChangePassword = fromPromise<void, ChangePasswordPayload>(async ({ input }) => {
  try {
    await changePassword(input);
  } catch (error) {
    throw toSubmissionError(error);
  }
  markPasswordReset();
  // The password is changed whatever this read answers: a failed one leaves the welcome for the next sign-in.
  await getCurrentUser().then(replaceCurrentUser, () => undefined);
});

export const changePasswordRouteMachine = changePasswordMachine.provide({ actors: { submit: submitChangePassword } });
