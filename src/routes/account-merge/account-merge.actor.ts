import { fromPromise } from 'xstate';
import { completeMerge, previewMerge, requestMerge, undoMerge } from '../../api/account-merge.api';
import type { MergeCompletePayload, MergePreview, MergeRequestPayload, MergeRequestResponse, MergeResult, MergeUndone } from '../../api/schemas/account-merge.schema';
import { accountMergeMachine } from '../../machines/account-merge/account-merge.machine';
import { toSubmissionError } from '../submission';

/** Each call's refusal carries the server's translated message (SPEC §8 merge failures). */
const translated =
  <I, O>(call: (input: I) => Promise<O>) =>
  async ({ input }: { input: I }): Promise<O> => {
    try {
      return await call(input);
    } catch (error) {
      throw toSubmissionError(error);
    }
  };

export const accountMergeRouteMachine = accountMergeMachine.provide({
  actors: {
    requestMerge: fromPromise<MergeRequestResponse, MergeRequestPayload>(translated(requestMerge)),
    loadPreview: fromPromise<MergePreview, { token: string }>(translated(({ token }) => previewMerge(token))),
    completeMerge: fromPromise<MergeResult, MergeCompletePayload>(translated(completeMerge)),
    undoMerge: fromPromise<MergeUndone, { undo_token: string }>(translated(undoMerge)),
  },
});
