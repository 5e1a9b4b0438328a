import type { EventObject } from 'xstate';
import type { CourseDetail, CourseItem } from '../../api/schemas/courses.schema';
import { stateName, type Oracle, type OracleEvent, type OracleRow } from '../testing/model-coverage';
import type { LessonEvent } from './lesson.machine';
import { selectFinishView, type LessonSnapshot } from './lesson.selectors';

// SPEC §7 "Course detail"/"Lesson", §4 "On-screen time" and ADR 012, written down as what the
// lesson page must do, independently of the machine: (state, event) → next state. The machine's
// tests replay each row and compare; they also check that what the machine accepts
// (snapshot.can) is what the view offers (the finish's retry button).

/** The lesson's state, region by region (the machine's `item` is parallel). */
export interface LessonOracleState {
  /** ADR 012: waiting for the course → opening a viewing (POST viewings) → open (time counts). */
  viewing: 'waiting' | 'opening' | 'open';
  /** What the item shows: nothing yet, an attachment (its own actor), or the item itself. */
  content: 'waiting' | 'attachment' | 'shown';
  /** SPEC §7 finish once: idle → waits for the viewing → sends the pending time → finishes → done;
   * a failure stays (with a retry) until a finish succeeds. */
  finish: 'idle' | 'awaitingViewing' | 'sendingTime' | 'finishing' | 'failed' | 'done';
}

/** Named situations the tests know how to reach (from a fresh page on the named item). */
export type LessonSituation =
  | 'course loading'
  | 'reading, viewing opening'
  | 'reading, viewing open'
  | 'attachment, viewing opening'
  | 'attachment, viewing open'
  | 'attachment complete, viewing opening'
  | 'attachment, sending time'
  | 'attachment, finishing'
  | 'attachment, finish failed'
  | 'attachment, finished'
  | 'unknown item';

/** Answers of the page's effects, as the tests can give them. */
export type LessonTestEvent =
  | LessonEvent
  | { type: 'test.courseLoaded' }
  | { type: 'test.courseFailed' }
  | { type: 'test.timeSent' }
  | { type: 'test.timeNotSent' }
  | { type: 'test.finishDone' }
  | { type: 'test.finishRefused' };

export interface LessonOracleRow {
  from: LessonSituation;
  event: LessonTestEvent;
  to: LessonOracleState;
  /** Whether the view offers a retry of the finish after the step (the retry button). */
  offersFinishRetry?: boolean;
}

const viewing = { type: 'viewing.begun', viewing: { id: 'v1', started_at: '2026-01-01T00:00:00Z', identity_verified_until: null } } as const;

export const lessonOracle: LessonOracleRow[] = [
  // The course (fresh per item) is loaded before anything opens.
  { from: 'course loading', event: { type: 'test.courseLoaded' }, to: { viewing: 'opening', content: 'shown', finish: 'idle' } },
  { from: 'course loading', event: { type: 'test.courseFailed' }, to: { viewing: 'waiting', content: 'waiting', finish: 'idle' } },
  { from: 'unknown item', event: viewing, to: { viewing: 'waiting', content: 'waiting', finish: 'idle' } },
  // ADR 012: the viewing retries until the server answers; only then does time count.
  { from: 'reading, viewing opening', event: { type: 'viewing.failed' }, to: { viewing: 'opening', content: 'shown', finish: 'idle' } },
  { from: 'reading, viewing opening', event: viewing, to: { viewing: 'open', content: 'shown', finish: 'idle' } },
  // A reading has nothing to finish.
  { from: 'reading, viewing open', event: { type: 'finish.retry' }, to: { viewing: 'open', content: 'shown', finish: 'idle' } },
  // Another item: the item's state starts again (the course's timer goes on).
  { from: 'reading, viewing open', event: { type: 'item.show', itemId: 'i2' }, to: { viewing: 'waiting', content: 'waiting', finish: 'idle' } },
  { from: 'attachment, viewing opening', event: viewing, to: { viewing: 'open', content: 'attachment', finish: 'idle' } },
  // A finish waits for the viewing (the server finishes only what it saw opened).
  { from: 'attachment, viewing opening', event: { type: 'attachment.complete' }, to: { viewing: 'opening', content: 'attachment', finish: 'awaitingViewing' } },
  { from: 'attachment complete, viewing opening', event: viewing, to: { viewing: 'open', content: 'attachment', finish: 'sendingTime' } },
  { from: 'attachment complete, viewing opening', event: { type: 'attachment.complete' }, to: { viewing: 'opening', content: 'attachment', finish: 'awaitingViewing' } },
  // Then for the viewing's pending time (the server judges a video by the time it credited).
  { from: 'attachment, viewing open', event: { type: 'attachment.complete' }, to: { viewing: 'open', content: 'attachment', finish: 'sendingTime' } },
  { from: 'attachment, viewing open', event: { type: 'finish.retry' }, to: { viewing: 'open', content: 'attachment', finish: 'idle' } },
  { from: 'attachment, sending time', event: { type: 'test.timeSent' }, to: { viewing: 'open', content: 'attachment', finish: 'finishing' } },
  { from: 'attachment, sending time', event: { type: 'test.timeNotSent' }, to: { viewing: 'open', content: 'attachment', finish: 'failed' }, offersFinishRetry: true },
  // Once per view: a second completion while one is under way sends nothing more.
  { from: 'attachment, sending time', event: { type: 'attachment.complete' }, to: { viewing: 'open', content: 'attachment', finish: 'sendingTime' } },
  { from: 'attachment, finishing', event: { type: 'attachment.complete' }, to: { viewing: 'open', content: 'attachment', finish: 'finishing' } },
  { from: 'attachment, finishing', event: { type: 'test.finishDone' }, to: { viewing: 'open', content: 'attachment', finish: 'done' }, offersFinishRetry: false },
  { from: 'attachment, finishing', event: { type: 'test.finishRefused' }, to: { viewing: 'open', content: 'attachment', finish: 'failed' }, offersFinishRetry: true },
  // A refusal stays on screen, with a retry, until a finish succeeds.
  { from: 'attachment, finish failed', event: { type: 'finish.retry' }, to: { viewing: 'open', content: 'attachment', finish: 'sendingTime' }, offersFinishRetry: false },
  { from: 'attachment, finish failed', event: { type: 'attachment.complete' }, to: { viewing: 'open', content: 'attachment', finish: 'sendingTime' } },
  { from: 'attachment, finished', event: { type: 'attachment.complete' }, to: { viewing: 'open', content: 'attachment', finish: 'done' } },
  { from: 'attachment, finished', event: { type: 'finish.retry' }, to: { viewing: 'open', content: 'attachment', finish: 'done' }, offersFinishRetry: false },
  // The identity prompt pauses and resumes without changing the item's state.
  { from: 'attachment, viewing open', event: { type: 'auth.timer.pause' }, to: { viewing: 'open', content: 'attachment', finish: 'idle' } },
  { from: 'attachment, viewing open', event: { type: 'auth.video.pause' }, to: { viewing: 'open', content: 'attachment', finish: 'idle' } },
  { from: 'attachment, finished', event: { type: 'item.show', itemId: 'r1' }, to: { viewing: 'waiting', content: 'waiting', finish: 'idle' } },
];

// The same rules as spec tables of the shared harness (src/machines/testing/model-coverage.ts,
// ADR 022), one per region of the item: at every step of the tests the harness checks that the
// machine accepts exactly the events the tables list (snapshot.can), that what the view offers
// (the finish's retry) is what the machine accepts, and where each region goes.

/** The course loaded (or failed) for this item: how the oracle sees the course actor's answer. */
export interface CourseAnswer {
  type: 'xstate.snapshot.courseDetail';
  course: CourseDetail | null;
}

const itemIn = (course: CourseDetail | null, itemId: string): CourseItem | null =>
  course?.lessons.flatMap((lesson) => lesson.items).find((item) => item.id === itemId) ?? null;
const answered = (e: OracleEvent, s: LessonSnapshot) => itemIn((e as unknown as CourseAnswer).course, s.context.itemId);
const viewingIsOpen = (s: LessonSnapshot) => s.matches({ item: { viewing: 'open' } });

/** Events every state takes (the page's, continual authentication's): they change no region. */
const pageEvents = ['page.hidden', 'page.visible', 'network.online', 'auth.timer.pause', 'auth.timer.resume', 'auth.video.pause', 'auth.video.resume', 'attachment.page', 'course.retry'];
const everywhere = (state: string): OracleRow<LessonSnapshot> => ({
  ...Object.fromEntries(pageEvents.map((type) => [type, state])),
  // Another item: the item's state starts again, its course not loaded yet.
  'item.show': 'waiting',
  'xstate.snapshot.courseDetail': state,
});

const viewingTable: Record<string, OracleRow<LessonSnapshot>> = {
  // ADR 012: a viewing opens once the item is known.
  waiting: { ...everywhere('waiting'), 'xstate.snapshot.courseDetail': (e, s) => (answered(e, s) ? 'opening' : 'waiting') },
  // It retries until the server answers; only then does time count.
  opening: { ...everywhere('opening'), 'viewing.failed': 'opening', 'viewing.begun': 'open' },
  open: everywhere('open'),
};

const contentTable: Record<string, OracleRow<LessonSnapshot>> = {
  waiting: {
    'item.show': 'waiting',
    'xstate.snapshot.courseDetail': (e, s) => {
      const item = answered(e, s);
      return item === null ? 'waiting' : item.attachment ? 'attachment' : 'shown';
    },
  },
  attachment: { 'item.show': 'waiting' },
  shown: { 'item.show': 'waiting' },
};

/** SPEC §7 finish once: it waits for the viewing, then sends the pending time, then finishes. */
const finishFrom = (s: LessonSnapshot) => (viewingIsOpen(s) ? 'sendingTime' : 'awaitingViewing');
const finishTable: Record<string, OracleRow<LessonSnapshot>> = {
  // A reading has nothing to finish (no retry); a completion starts the finish.
  idle: { 'item.show': 'idle', 'attachment.complete': (_e, s) => finishFrom(s) },
  awaitingViewing: { 'item.show': 'idle', 'viewing.begun': 'sendingTime' },
  // Once per view: a second completion while one is under way sends nothing more.
  sendingTime: { 'item.show': 'idle', 'xstate.done.actor.sendPendingTime': 'finishing', 'xstate.error.actor.sendPendingTime': 'failed' },
  finishing: { 'item.show': 'idle', 'xstate.done.actor.finishAttachment': 'done', 'xstate.error.actor.finishAttachment': 'failed' },
  // A refusal stays on screen, with a retry, until a finish succeeds.
  failed: { 'item.show': 'idle', 'finish.retry': (_e, s) => finishFrom(s), 'attachment.complete': (_e, s) => finishFrom(s) },
  done: { 'item.show': 'idle' },
};

const region = (name: 'viewing' | 'content' | 'finish') => (s: LessonSnapshot) => stateName((s.value as { item: Record<string, unknown> }).item[name]);

export const lessonSpec: Oracle<LessonSnapshot> = {
  regions: {
    viewing: { state: region('viewing'), table: viewingTable },
    content: { state: region('content'), table: contentTable },
    finish: { state: region('finish'), table: finishTable },
  },
  // The finish's Retry button.
  offers: (s) => {
    const finish = selectFinishView(s);
    return { 'finish.retry': finish?.problem != null && !finish.sending };
  },
};

/** The machine's events the harness asks about at every step (the test answers are settled promises). */
export const lessonCandidates: OracleEvent[] = [
  ...pageEvents.map((type) => (type === 'attachment.page' ? { type, page: 2 } : { type })),
  { type: 'item.show', itemId: 'i2' },
  { type: 'viewing.failed' },
  { type: 'viewing.begun', viewing: { id: 'v1', started_at: '2026-01-01T00:00:00Z', identity_verified_until: null } },
  { type: 'attachment.complete' },
  { type: 'finish.retry' },
  { type: 'xstate.done.actor.sendPendingTime' },
  { type: 'xstate.error.actor.sendPendingTime', error: { kind: 'time_not_sent' } },
  { type: 'xstate.done.actor.finishAttachment' },
  { type: 'xstate.error.actor.finishAttachment', error: { kind: 'refused', reason: 'Not yet' } },
];

/** What a test answer is to the machine (the event the oracle is asked about). */
export function machineEventOf(event: LessonTestEvent, course: CourseDetail): EventObject {
  switch (event.type) {
    case 'test.courseLoaded':
      return { type: 'xstate.snapshot.courseDetail', course } as CourseAnswer;
    case 'test.courseFailed':
      return { type: 'xstate.snapshot.courseDetail', course: null } as CourseAnswer;
    case 'test.timeSent':
      return { type: 'xstate.done.actor.sendPendingTime' };
    case 'test.timeNotSent':
      return { type: 'xstate.error.actor.sendPendingTime' };
    case 'test.finishDone':
      return { type: 'xstate.done.actor.finishAttachment' };
    case 'test.finishRefused':
      return { type: 'xstate.error.actor.finishAttachment' };
    default:
      return event;
  }
}
