import { fromPromise } from 'xstate';
import { likeAttachment, unlikeAttachment } from '../../api/attachments.api';
import { attachmentLikeMachine } from '../../machines/attachment-like/attachment-like.machine';

// The ONE place that wires the attachment-like machine to real I/O: SPEC §7 PUT/DELETE attachments/{id}/like.

function provideAttachmentLike() {
  return attachmentLikeMachine.provide({
    actors: {
      saveLike: fromPromise<void, { attachmentId: string; like: boolean }>(({ input }) =>
        input.like ? likeAttachment(input.attachmentId) : unlikeAttachment(input.attachmentId),
      ),
    },
  });
}

let provided: ReturnType<typeof provideAttachmentLike> | undefined;

/** One provided machine for every lesson (ADR 066): a provided machine is an immutable definition
 * that any number of actors run, and building its state tree again on each lesson cost time in the
 * render that first draws the page. */
export function attachmentLikeLogic() {
  return (provided ??= provideAttachmentLike());
}
