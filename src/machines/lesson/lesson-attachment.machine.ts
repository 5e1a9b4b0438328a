import { assign, enqueueActions, fromCallback, fromPromise, sendParent, sendTo, setup, type EventObject, type SnapshotFrom } from 'xstate';
import { ATTACHMENT_CRITERIA, ATTACHMENT_SKIP } from '../../config/constants';
import { attachmentLikeMachine } from '../attachment-like/attachment-like.machine';
import { attachmentViewerMachine, type ViewerContent } from '../attachment-viewer/attachment-viewer.machine';
import { videoPlayerMachine, type VideoProgress } from '../video-player/video-player.machine';
import { progressToKeep } from '../video-player/video-player.selectors';

export interface LessonAttachmentInput {
  attachmentId: string;
  /** Whether completing it means anything (a material opened outside a course has nothing to finish). */
  finishes: boolean;
  /** The page's one clock (ms since the epoch). */
  now: () => number;
}

export interface LessonAttachmentContext extends LessonAttachmentInput {
  /** Where an earlier viewing of the video got to (read before the player starts). */
  resume: VideoProgress | null;
  /** A seek ahead was refused: the view says so until the learner plays again. */
  seekingRefused: boolean;
  /** The viewer's details last handed to the like machine (a retry loads them again). */
  likeSource: unknown;
  /** The attachment's type once its details are loaded (a PDF completes at its last page). */
  detailType: string | null;
  /** An image was shown: it completed then, once. */
  imageShown: boolean;
}

/** What the viewer lends the page while it is shown (released when replaced or left). */
export interface MediaResourcesEvent {
  type: 'resources.content';
  content: ViewerContent | null;
  playlistUrl: string | null;
}

export type LessonAttachmentEvent =
  // From the view.
  | { type: 'viewer.retry' }
  | { type: 'stream.failed'; error?: unknown }
  | { type: 'document.open' }
  | { type: 'pdf.page'; page: number; pageCount: number }
  | { type: 'audio.ended' }
  | { type: 'like.toggle' }
  | { type: 'media.loaded'; duration: number }
  | { type: 'media.time'; position: number }
  | { type: 'media.seeking'; position: number }
  | { type: 'media.ended' }
  | { type: 'user.play' }
  | { type: 'user.pause' }
  // From the lesson (continual authentication, SPEC §2).
  | { type: 'auth.video.pause' }
  | { type: 'auth.video.resume' }
  // From the player child.
  | { type: 'video.finished' }
  | { type: 'video.seekRefused'; position: number };

/** What the attachment tells its parent (the lesson). */
export type LessonAttachmentParentEvent = { type: 'attachment.complete' } | { type: 'attachment.page'; page: number };

const notProvided = (name: string) => () => {
  throw new Error(`${name} must be provided (src/routes/lesson/lesson.actor.ts)`);
};

type ViewerSnapshot = SnapshotFrom<typeof attachmentViewerMachine>;
type PlayerSnapshot = SnapshotFrom<typeof videoPlayerMachine>;
const viewerOf = (event: unknown): ViewerSnapshot => (event as { snapshot: ViewerSnapshot }).snapshot;
const shownContent = (s: ViewerSnapshot): ViewerContent | null => (s.matches('ready') ? s.context.content : null);

/** The player's finish and refused seek reach this machine; its media effects are the actor file's. */
export const lessonVideoPlayer = videoPlayerMachine.provide({
  actions: {
    reportFinished: sendParent({ type: 'video.finished' }),
    seekMedia: sendParent((_, params: { position: number }) => ({ type: 'video.seekRefused', position: params.position })),
  },
});

/**
 * One attachment on screen (a lesson's, or a material of the library): the viewer, the video player
 * and the like are its children. It owns SPEC §9's completion rules per type: an image once shown,
 * a document once opened, a PDF at its last page, audio at its end, a video by the player's criteria.
 * A completion goes to the parent as `attachment.complete` (the lesson finishes it once); a PDF page
 * as `attachment.page` (the on-screen record's completedPage). Effects are named placeholders,
 * provided by src/routes/lesson/lesson.actor.ts.
 */
export const lessonAttachmentMachine = setup({
  types: {
    input: {} as LessonAttachmentInput,
    context: {} as LessonAttachmentContext,
    events: {} as LessonAttachmentEvent,
    children: {} as { viewer: 'viewer'; player: 'player'; like: 'like'; readProgress: 'readProgress'; mediaResources: 'mediaResources' },
  },
  actors: {
    viewer: attachmentViewerMachine,
    player: lessonVideoPlayer,
    like: attachmentLikeMachine,
    /** The progress an earlier viewing of this video left (a reload resumes there). */
    readProgress: fromPromise<VideoProgress | null, { attachmentId: string }>(notProvided('readProgress')),
    /** Holds what the page borrowed (decrypted blob: URLs, keep_on_screen) and gives it back when
     * replaced or when the attachment leaves the screen. Receives `resources.content`. */
    mediaResources: fromCallback<EventObject, { attachmentId: string }>(() => undefined),
  },
  actions: {
    /** Puts the media element back at `position` (a refused skip). */
    seekMedia: (_, _params: { position: number }) => undefined,
    /** Remembers the video's progress across reloads (null: nothing to remember yet). */
    keepProgress: (_, _params: { progress: VideoProgress | null }) => undefined,
    /** Completion goes to the lesson, which finishes it once; a material completes nothing. */
    complete: enqueueActions(({ context, enqueue }) => {
      if (context.finishes) enqueue.sendParent({ type: 'attachment.complete' } satisfies LessonAttachmentParentEvent);
    }),
    notePage: enqueueActions(({ context, event, enqueue }) => {
      const { page } = event as Extract<LessonAttachmentEvent, { type: 'pdf.page' }>;
      if (context.finishes) enqueue.sendParent({ type: 'attachment.page', page } satisfies LessonAttachmentParentEvent);
    }),
    /** Like/unlike (SPEC §7) from the details' like and count, once they are loaded (again after a retry). */
    loadLike: enqueueActions(({ context, event, enqueue }) => {
      const detail = viewerOf(event).context.detail;
      if (!detail || detail === context.likeSource) return;
      enqueue.assign({ likeSource: detail, detailType: detail.type });
      enqueue.sendTo('like', { type: 'like.loaded', liked: detail.liked, likes: detail.likes });
    }),
    /** Decrypted media may be a blob: URL; the rewritten playlist is one: the holder releases them. */
    lendContent: sendTo('mediaResources', ({ event }) => {
      const s = viewerOf(event);
      return { type: 'resources.content', content: shownContent(s), playlistUrl: s.matches('streaming') ? s.context.playlistUrl : null } satisfies MediaResourcesEvent;
    }),
    /** Images are complete once shown. */
    completeImage: enqueueActions(({ context, event, enqueue }) => {
      // Once: a shown image stays shown (the viewer does not leave `ready`).
      if (context.imageShown || shownContent(viewerOf(event))?.kind !== 'image') return;
      enqueue.assign({ imageShown: true });
      if (context.finishes) enqueue.sendParent({ type: 'attachment.complete' } satisfies LessonAttachmentParentEvent);
    }),
  },
  guards: {
    /** PDFs are complete at their last page. */
    lastPdfPage: ({ context, event }) => {
      const e = event as Extract<LessonAttachmentEvent, { type: 'pdf.page' }>;
      return context.detailType === 'pdf' && e.pageCount > 0 && e.page >= e.pageCount;
    },
  },
}).createMachine({
  id: 'lessonAttachment',
  context: ({ input }) => ({ ...input, resume: null, seekingRefused: false, likeSource: null, detailType: null, imageShown: false }),
  invoke: [
    {
      id: 'viewer',
      src: 'viewer',
      input: ({ context }) => ({ attachmentId: context.attachmentId }),
      onSnapshot: { actions: ['loadLike', 'lendContent', 'completeImage'] },
    },
    { id: 'like', src: 'like', input: ({ context }) => ({ attachmentId: context.attachmentId }) },
    { id: 'mediaResources', src: 'mediaResources', input: ({ context }) => ({ attachmentId: context.attachmentId }) },
  ],
  initial: 'resuming',
  on: {
    'viewer.retry': { actions: sendTo('viewer', { type: 'viewer.retry' }) },
    'stream.failed': { actions: sendTo('viewer', ({ event }) => event) },
    // A document is complete once opened.
    'document.open': { actions: [sendTo('viewer', ({ context }) => ({ type: 'document.open', now: context.now() })), 'complete'] },
    'pdf.page': [
      { guard: 'lastPdfPage', actions: ['notePage', 'complete'] },
      { actions: 'notePage' },
    ],
    // Audio is complete at its end.
    'audio.ended': { actions: 'complete' },
    'like.toggle': { actions: sendTo('like', { type: 'like.toggle' }) },
    'video.finished': { actions: 'complete' },
    'video.seekRefused': {
      actions: [assign({ seekingRefused: true }), { type: 'seekMedia', params: ({ event }) => ({ position: event.position }) }],
    },
  },
  states: {
    /** SPEC §9: a reload resumes where the last viewing got to, with what it played open to seeking. */
    resuming: {
      invoke: {
        id: 'readProgress',
        src: 'readProgress',
        input: ({ context }) => ({ attachmentId: context.attachmentId }),
        onDone: { target: 'ready', actions: assign({ resume: ({ event }) => event.output }) },
        onError: 'ready',
      },
    },
    ready: {
      invoke: {
        id: 'player',
        src: 'player',
        input: ({ context }) => ({ skipAllowed: ATTACHMENT_SKIP.video, criteria: ATTACHMENT_CRITERIA.video, resume: context.resume }),
        onSnapshot: {
          actions: { type: 'keepProgress', params: ({ event }) => ({ progress: progressToKeep(event.snapshot as PlayerSnapshot) }) },
        },
      },
      on: {
        'media.loaded': { actions: sendTo('player', ({ event }) => event) },
        'media.time': { actions: sendTo('player', ({ event }) => event) },
        'media.seeking': { actions: sendTo('player', ({ event }) => event) },
        'media.ended': { actions: sendTo('player', ({ event }) => event) },
        'user.play': { actions: [assign({ seekingRefused: false }), sendTo('player', { type: 'user.play' })] },
        'user.pause': { actions: sendTo('player', { type: 'user.pause' }) },
        // The identity prompt pauses the player and plays it again after (SPEC §2).
        'auth.video.pause': { actions: sendTo('player', { type: 'auth.pause' }) },
        'auth.video.resume': { actions: sendTo('player', { type: 'auth.resume' }) },
      },
    },
  },
});

export type LessonAttachmentMachine = typeof lessonAttachmentMachine;
export type { PlayerSnapshot };
