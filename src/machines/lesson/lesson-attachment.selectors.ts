import type { SnapshotFrom } from 'xstate';
import type { lessonAttachmentMachine } from './lesson-attachment.machine';

export type LessonAttachmentSnapshot = SnapshotFrom<typeof lessonAttachmentMachine>;

/** A seek ahead was refused: the view says so until the learner plays again. */
export const selectSeekingRefused = (snapshot: LessonAttachmentSnapshot): boolean => snapshot.context.seekingRefused;
