import { assign, enqueueActions, fromCallback, fromPromise, sendTo, setup, type AnyActorRef, type EventObject, type SnapshotFrom } from 'xstate';
import type { CourseDetail, CourseItem } from '../../api/schemas/courses.schema';
import type { Viewing } from '../../api/schemas/viewings.schema';
import { courseDetailMachine } from '../course-detail/course-detail.machine';
import { onScreenTimeMachine, type TimerTarget } from '../on-screen-time/on-screen-time.machine';
import { onScreenTimeView, type OnScreenTimeStatus } from '../on-screen-time/on-screen-time.selectors';
import { lessonAttachmentMachine } from './lesson-attachment.machine';

/** Why a finish did not go through (the view says which, with a retry). */
export type FinishProblem = { kind: 'time_not_sent' } | { kind: 'refused'; reason: string };

/** The one clock of the page (ms since the epoch): Date.now in the app, a fake in tests. */
export type Clock = () => number;

export interface LessonInput {
  courseId: string;
  itemId: string;
  now: Clock;
}

export interface LessonContext extends LessonInput {
  /** The course as last loaded for this item (fresh progress per item). */
  course: CourseDetail | null;
  courseStatus: 'loading' | 'ready' | 'failed';
  /** The viewing the server opened for this item (ADR 012); null until it answered. */
  viewingId: string | null;
  /** POST viewings failed at least once and has not answered yet (it retries). */
  viewingFailed: boolean;
  /** The timer's status and whole seconds, as its child reports them. */
  timerStatus: OnScreenTimeStatus;
  timerSeconds: number;
  /** The timer's seconds when it first counted for this item (reading time counts from there). */
  startSeconds: number | null;
  finishProblem: FinishProblem | null;
}

/** The item's target for viewings and the on-screen record. */
export type ViewingTarget = Omit<TimerTarget, 'viewingId'>;

export type LessonEvent =
  /** The route's item changed (the timer goes on, the item's state starts again). */
  | { type: 'item.show'; itemId: string }
  | { type: 'course.retry' }
  /** Continual authentication (SPEC §2, §4), through the layout's registry. */
  | { type: 'auth.timer.pause' }
  | { type: 'auth.timer.resume' }
  | { type: 'auth.video.pause' }
  | { type: 'auth.video.resume' }
  /** From the page watcher: tab visibility, page close, the network. */
  | { type: 'page.hidden' }
  | { type: 'page.visible' }
  | { type: 'network.online' }
  /** From the viewing opener (ADR 012). */
  | { type: 'viewing.failed' }
  | { type: 'viewing.begun'; viewing: Viewing }
  /** From the attachment child. */
  | { type: 'attachment.complete' }
  | { type: 'attachment.page'; page: number }
  | { type: 'finish.retry' };

interface Located {
  item: CourseItem;
  lessonTitle: string;
  index: number;
  flat: { item: CourseItem; lessonTitle: string }[];
}

export function locate(course: CourseDetail | null, itemId: string): Located | null {
  if (!course) return null;
  const flat = course.lessons.flatMap((lesson) => lesson.items.map((item) => ({ item, lessonTitle: lesson.title })));
  const index = flat.findIndex((entry) => entry.item.id === itemId);
  return index < 0 ? null : { ...flat[index], index, flat };
}

export const itemOf = (c: Pick<LessonContext, 'course' | 'itemId'>): CourseItem | null => locate(c.course, c.itemId)?.item ?? null;

export const targetOf = (courseId: string, item: CourseItem): ViewingTarget =>
  item.kind === 'attachment' && item.attachment ? { courseId, attachmentId: item.attachment.id } : { courseId, itemId: item.id };

type TimerSnapshot = SnapshotFrom<typeof onScreenTimeMachine>;
type CourseSnapshot = SnapshotFrom<typeof courseDetailMachine>;

const notProvided = (name: string) => () => {
  throw new Error(`${name} must be provided (src/routes/lesson/lesson.actor.ts)`);
};

const itemReset = { course: null, courseStatus: 'loading', viewingId: null, viewingFailed: false, startSeconds: null, finishProblem: null } as const;

/**
 * SPEC §7 "Course detail"/"Lesson" and §4 "On-screen time", one page: the course's on-screen timer
 * lives while the learner moves between its items; each item loads the course again (fresh
 * progress), opens a viewing the server sees before time counts (ADR 012), shows its content (an
 * attachment child runs viewer, player and like), and finishes an attachment once its type's rule
 * is met, after the viewing and its pending time reached the server. Reading is complete once its
 * required seconds are spent. Continual authentication pauses and resumes the timer and the video
 * by events. Time comes from `input.now`. Effects are named placeholders, provided by
 * src/routes/lesson/lesson.actor.ts.
 */
export const lessonMachine = setup({
  types: {
    input: {} as LessonInput,
    context: {} as LessonContext,
    events: {} as LessonEvent,
    children: {} as {
      timer: 'timer';
      courseDetail: 'courseDetail';
      attachment: 'attachment';
      watchPage: 'watchPage';
      leaveCourse: 'leaveCourse';
      openViewing: 'openViewing';
      sendPendingTime: 'sendPendingTime';
      finishAttachment: 'finishAttachment';
    },
  },
  actors: {
    timer: onScreenTimeMachine,
    courseDetail: courseDetailMachine,
    attachment: lessonAttachmentMachine,
    /** Sends page.hidden / page.visible / network.online while the page is shown. */
    watchPage: fromCallback<EventObject>(() => undefined),
    /** On stop (the learner left the course): the record ends now and everything stored is sent.
     * Invoked first, so it stops before the timer; it takes the timer (systemId lessonTimer) when it starts. */
    leaveCourse: fromCallback<EventObject, { now: Clock }>(() => undefined),
    /** POST viewings until it answers (viewing.begun), telling each failure (viewing.failed). */
    openViewing: fromCallback<EventObject, ViewingTarget>(notProvided('openViewing')),
    /** The timer's checkpoint and outbox: resolves once the server has every second counted;
     * rejects with a FinishProblem. */
    sendPendingTime: fromPromise<void, { timer: AnyActorRef | undefined }>(notProvided('sendPendingTime')),
    /** PUT attachments/{id}/finish; rejects with a FinishProblem. */
    finishAttachment: fromPromise<void, { attachmentId: string }>(notProvided('finishAttachment')),
  },
  actions: {
    /** The server's word on how long identity still counts as verified (continual auth); null:
     * the viewing said nothing. */
    identityVerifiedFor: (_, _params: { remainingMs: number | null }) => undefined,
    noteCourse: assign(({ event }) => {
      const snapshot = (event as unknown as { snapshot: CourseSnapshot }).snapshot;
      const courseStatus = snapshot.matches('ready') ? 'ready' : snapshot.matches('failed') ? 'failed' : 'loading';
      return { course: snapshot.context.course, courseStatus } as const;
    }),
    noteTimer: assign(({ context, event }) => {
      const view = onScreenTimeView((event as unknown as { snapshot: TimerSnapshot }).snapshot);
      const counting = view.status === 'counting' || view.status === 'paused';
      return {
        timerStatus: view.status,
        timerSeconds: view.seconds,
        startSeconds: counting && context.startSeconds === null ? view.seconds : context.startSeconds,
      };
    }),
    setupTimer: sendTo('timer', ({ context }) => ({ type: 'course.setup', courseId: context.courseId, now: context.now() })),
    startTimer: sendTo('timer', ({ context }) => {
      const item = itemOf(context);
      return { type: 'timer.start', target: { ...targetOf(context.courseId, item!), viewingId: context.viewingId ?? '' }, now: context.now() };
    }),
    stopTimer: sendTo('timer', ({ context }) => ({ type: 'timer.stop', now: context.now() })),
    forwardToTimer: sendTo('timer', ({ context, event }) => ({ ...event, now: context.now() }) as never),
    forwardToAttachment: enqueueActions(({ event, enqueue, self }) => {
      const attachment = self.getSnapshot().children.attachment;
      if (attachment) enqueue.sendTo(attachment, event as never);
    }),
    adoptViewing: assign(({ event }) => ({ viewingId: (event as Extract<LessonEvent, { type: 'viewing.begun' }>).viewing.id, viewingFailed: false })),
    noteProblem: assign({ finishProblem: ({ event }) => (event as { error?: unknown }).error as FinishProblem }),
  },
  guards: {
    itemFound: ({ context }) => itemOf(context) !== null,
    attachmentItem: ({ context }) => itemOf(context)?.attachment != null,
    viewingOpen: ({ context }) => context.viewingId !== null,
  },
}).createMachine({
  id: 'lesson',
  context: ({ input }) => ({ ...input, ...itemReset, timerStatus: 'idle', timerSeconds: 0 }),
  invoke: [
    // First, so that it stops first: leaving the course still reaches the timer.
    { id: 'leaveCourse', src: 'leaveCourse', input: ({ context }) => ({ now: context.now }) },
    { id: 'timer', systemId: 'lessonTimer', src: 'timer', onSnapshot: { actions: 'noteTimer' } },
    // Time counts only while the item is really on screen (a visible tab).
    { id: 'watchPage', src: 'watchPage' },
  ],
  entry: 'setupTimer',
  on: {
    'item.show': { target: '.item', actions: assign(({ event }) => ({ itemId: event.itemId, ...itemReset })) },
    'page.hidden': { actions: 'forwardToTimer' },
    'page.visible': { actions: 'forwardToTimer' },
    'network.online': { actions: sendTo('timer', { type: 'network.online' }) },
    // The identity prompt pauses the timer and restarts it after (SPEC §4) …
    'auth.timer.pause': { actions: sendTo('timer', ({ context }) => ({ type: 'timer.pause', now: context.now() })) },
    'auth.timer.resume': { actions: sendTo('timer', ({ context }) => ({ type: 'timer.restart', now: context.now() })) },
    // … and the video player (SPEC §2).
    'auth.video.pause': { actions: 'forwardToAttachment' },
    'auth.video.resume': { actions: 'forwardToAttachment' },
    'attachment.page': { actions: sendTo('timer', ({ event }) => ({ type: 'timer.page', page: event.page })) },
  },
  initial: 'item',
  states: {
    item: {
      type: 'parallel',
      invoke: { id: 'courseDetail', src: 'courseDetail', input: ({ context }) => ({ id: context.courseId }), onSnapshot: { actions: 'noteCourse' } },
      on: { 'course.retry': { actions: sendTo('courseDetail', { type: 'retry' }) } },
      states: {
        /** ADR 012: the server sees the item open (a viewing) before its time counts. */
        viewing: {
          initial: 'waiting',
          states: {
            waiting: { always: { guard: 'itemFound', target: 'opening' } },
            opening: {
              invoke: { id: 'openViewing', src: 'openViewing', input: ({ context }) => targetOf(context.courseId, itemOf(context)!) },
              on: {
                'viewing.failed': { actions: assign({ viewingFailed: true }) },
                'viewing.begun': {
                  target: 'open',
                  actions: [
                    'adoptViewing',
                    {
                      type: 'identityVerifiedFor',
                      params: ({ context, event }) => {
                        const until = event.viewing.identity_verified_until;
                        return { remainingMs: until ? Date.parse(until) - context.now() : null };
                      },
                    },
                    'startTimer',
                  ],
                },
              },
            },
            // Leaving the item ends its record.
            open: { exit: 'stopTimer' },
          },
        },
        content: {
          initial: 'waiting',
          states: {
            waiting: {
              always: [
                { guard: 'attachmentItem', target: 'attachment' },
                { guard: 'itemFound', target: 'shown' },
              ],
            },
            attachment: {
              invoke: {
                id: 'attachment',
                src: 'attachment',
                input: ({ context }) => ({ attachmentId: itemOf(context)!.attachment!.id, finishes: true, now: context.now }),
              },
            },
            shown: {},
          },
        },
        /** SPEC §7 finish, once per item. A finish waits for the viewing (the server finishes only
         * what it saw opened), then for the viewing's pending time (it judges a video by the time
         * it has credited). A refusal stays on screen, with a retry, until a finish succeeds. */
        finish: {
          initial: 'idle',
          states: {
            idle: { on: { 'attachment.complete': 'awaitingViewing' } },
            awaitingViewing: { always: { guard: 'viewingOpen', target: 'sendingTime' } },
            sendingTime: {
              invoke: {
                id: 'sendPendingTime',
                src: 'sendPendingTime',
                input: ({ self }) => ({ timer: self.getSnapshot().children.timer }),
                onDone: 'finishing',
                onError: { target: 'failed', actions: 'noteProblem' },
              },
            },
            finishing: {
              invoke: {
                id: 'finishAttachment',
                src: 'finishAttachment',
                input: ({ context }) => ({ attachmentId: itemOf(context)?.attachment?.id ?? '' }),
                onDone: { target: 'done', actions: assign({ finishProblem: null }) },
                onError: { target: 'failed', actions: 'noteProblem' },
              },
            },
            failed: { on: { 'attachment.complete': 'awaitingViewing', 'finish.retry': 'awaitingViewing' } },
            done: {},
          },
        },
      },
    },
  },
});

export type LessonMachine = typeof lessonMachine;
