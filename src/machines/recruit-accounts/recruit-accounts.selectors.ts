import type { SnapshotFrom } from 'xstate';
import type { RecruitAccount } from '../../api/schemas/recruit-accounts.schema';
import { selectFormSubmission } from '../form-submission/form-submission.selectors';
import type { FailureView } from '../shared/submission-error';
import type { recruitAccountsMachine } from './recruit-accounts.machine';

export type RecruitAccountsSnapshot = SnapshotFrom<typeof recruitAccountsMachine>;

export interface RecruitAccountsViewModel {
  busy: boolean;
  failure: FailureView;
  /** The account just created (its first password went to the personal email). */
  created: RecruitAccount | null;
}

export function selectRecruitAccountsView(snapshot: RecruitAccountsSnapshot): RecruitAccountsViewModel {
  const { busy, failure, result } = selectFormSubmission(snapshot);
  return { busy, failure, created: result ? (result.value ?? null) : null };
}
