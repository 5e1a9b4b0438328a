import type { ChangePasswordPayload } from '../../api/schemas/password.schema';
import { createFormSubmissionMachine } from '../form-submission/form-submission.machine';

/**
 * Change-password flow (also the forced reset of a first sign-in): the generic form submission;
 * `submit` is provided by the route (PUT users/current/password, then the current user is
 * flagged password_reset=true).
 */
export const changePasswordMachine = createFormSubmissionMachine<ChangePasswordPayload>('changePassword');
