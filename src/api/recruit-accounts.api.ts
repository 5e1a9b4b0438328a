import { callRoute } from './call-route';
import type { CreateRecruitPayload, RecruitAccount } from './schemas/recruit-accounts.schema';
import { createRecruitAccountRoute } from './schemas/recruit-accounts.routes';

// Issue 14: a manager creates a pre-recruit or recruit account (SPEC §3 pre-recruit form).

/** POST recruit_accounts: the new account; its first password goes to the personal email only. */
export function createRecruitAccount(body: CreateRecruitPayload): Promise<RecruitAccount> {
  return callRoute(createRecruitAccountRoute, { body });
}
