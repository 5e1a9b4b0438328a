import { fromPromise } from 'xstate';
import { createRecruitAccount } from '../../api/recruit-accounts.api';
import type { CreateRecruitPayload, RecruitAccount } from '../../api/schemas/recruit-accounts.schema';
import { recruitAccountsMachine } from '../../machines/recruit-accounts/recruit-accounts.machine';
import { toSubmissionError } from '../submission';

/** POST recruit_accounts; a refusal carries the server's translated §8 message. */
export const submitRecruitAccount = fromPromise<RecruitAccount, CreateRecruitPayload>(async ({ input }) => {
  try {
    return await createRecruitAccount(input);
  } catch (error) {
    throw toSubmissionError(error);
  }
});

export const recruitAccountsRouteMachine = recruitAccountsMachine.provide({ actors: { submit: submitRecruitAccount } });
