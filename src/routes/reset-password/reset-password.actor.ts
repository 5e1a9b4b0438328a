import { fromPromise } from 'xstate';
import { resetPassword } from '../../api/sign-in.api';
import type { ResetPasswordPayload } from '../../api/schemas/sign-in.schema';
import { resetPasswordMachine } from '../../machines/reset-password/reset-password.machine';
import { toSubmissionError } from '../submission';

/** POST auth/reset_password (204); an unknown, used or expired link answers the server's message. */
export const submitResetPassword = fromPromise<void, ResetPasswordPayload>(async ({ input }) => {
  try {
    await resetPassword(input);
  } catch (error) {
    throw toSubmissionError(error);
  }
});

export const resetPasswordRouteMachine = resetPasswordMachine.provide({ actors: { submit: submitResetPassword } });
