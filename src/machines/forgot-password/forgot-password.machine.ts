import type { ForgetPasswordPayload } from '../../api/schemas/sign-in.schema';
import { createFormSubmissionMachine } from '../form-submission/form-submission.machine';

/**
 * Forgot-password request: the generic form submission; `submit` is provided by the route
 * (POST auth/forget_password) and resolves with the server's text (shown as is: it is already
 * translated).
 */
export const forgotPasswordMachine = createFormSubmissionMachine<ForgetPasswordPayload, string>('forgotPassword');
