import { callRoute } from './call-route';
import type { MergeCompletePayload, MergePreview, MergeRequestPayload, MergeRequestResponse, MergeResult, MergeUndone } from './schemas/account-merge.schema';
import { completeMergeRoute, previewMergeRoute, requestMergeRoute, undoMergeRoute } from './schemas/account-merge.routes';

// Issue 14: the recruit → agent merge (SPEC §4 account linking).

/** POST account_merge/request: the verification link goes to the company email. */
export function requestMerge(body: MergeRequestPayload): Promise<MergeRequestResponse> {
  return callRoute(requestMergeRoute, { body });
}

/** POST account_merge/preview: what would move and what stays, for the emailed token. */
export function previewMerge(token: string): Promise<MergePreview> {
  return callRoute(previewMergeRoute, { body: { token } });
}

/** POST account_merge/complete: the agent's code and password; the merge runs. */
export function completeMerge(body: MergeCompletePayload): Promise<MergeResult> {
  return callRoute(completeMergeRoute, { body });
}

/** POST account_merge/undo (issue 43): the merge's undo token, within the undo window. */
export function undoMerge(body: { undo_token: string }): Promise<MergeUndone> {
  return callRoute(undoMergeRoute, { body });
}
