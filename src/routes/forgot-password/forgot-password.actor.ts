import { fromPromise } from 'xstate';
import { forgetPassword } from '../../api/sign-in.api';
import type { ForgetPasswordPayload } from '../../api/schemas/sign-in.schema';
import { forgotPasswordMachine } from '../../machines/forgot-password/forgot-password.machine';
import { toSubmissionError } from '../submission';

/** POST auth/forget_password; resolves with the server's (translated) text. */
export const submitForgotPassword = fromPromise<string, ForgetPasswordPayload>(async ({ input }) => {
  try {
    return await forgetPassword(input);
  } catch (error) {
    throw toSubmissionError(error);
  }
});

export const forgotPasswordRouteMachine = forgotPasswordMachine.provide({ actors: { submit: submitForgotPassword } });
