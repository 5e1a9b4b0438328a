import { fromPromise } from 'xstate';
import { likeAttachment, unlikeAttachment } from '../../api/attachments.api';
import { attachmentLikeMachine } from '../../machines/attachment-like/attachment-like.machine';

// The ONE place that wires the attachment-like machine to real I/O: SPEC §7 PUT/DELETE attachments/{id}/like.

export function attachmentLikeLogic() {
  return attachmentLikeMachine.provide({
    actors: {
      saveLike: fromPromise<void, { attachmentId: string; like: boolean }>(({ input }) =>
        input.like ? likeAttachment(input.attachmentId) : unlikeAttachment(input.attachmentId),
      ),
    },
  });
}
