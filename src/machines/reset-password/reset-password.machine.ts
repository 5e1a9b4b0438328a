import type { ResetPasswordPayload } from '../../api/schemas/sign-in.schema';
import { createFormSubmissionMachine } from '../form-submission/form-submission.machine';

/**
 * Reset password with the emailed link's token: the generic form submission; `submit` is
 * provided by the route (POST auth/reset_password). A failure carries the server's message
 * (e.g. the link is used or expired).
 */
export const resetPasswordMachine = createFormSubmissionMachine<ResetPasswordPayload>('resetPassword');
