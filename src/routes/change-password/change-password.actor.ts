import { fromPromise } from 'xstate';
import { markPasswordReset } from '../../api/current-user';
import { changePassword } from '../../api/users.api';
import type { ChangePasswordPayload } from '../../api/schemas/password.schema';
import { changePasswordMachine } from '../../machines/change-password/change-password.machine';
import { toSubmissionError } from '../submission';

/** PUT users/current/password; then the loaded user is flagged password_reset=true (SPEC §4),
 * which lifts the layout's forced redirect to this page. */
export const submitChangePassword = fromPromise<void, ChangePasswordPayload>(async ({ input }) => {
  try {
    await changePassword(input);
  } catch (error) {
    throw toSubmissionError(error);
  }
  markPasswordReset();
});

export const changePasswordRouteMachine = changePasswordMachine.provide({ actors: { submit: submitChangePassword } });
