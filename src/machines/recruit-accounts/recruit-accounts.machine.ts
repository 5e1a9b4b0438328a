import type { CreateRecruitPayload, RecruitAccount } from '../../api/schemas/recruit-accounts.schema';
import { createFormSubmissionMachine } from '../form-submission/form-submission.machine';

/**
 * Issue 14: a manager creates a pre-recruit or recruit account (/management/recruits): the generic
 * form submission; `submit` is provided by the route (POST recruit_accounts) and resolves with the
 * new account. A failure carries the server's §8 message (email already used, manager does not exist …).
 */
export const recruitAccountsMachine = createFormSubmissionMachine<CreateRecruitPayload, RecruitAccount>('recruitAccounts');
