import type { LessonEvent } from './lesson.machine';

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
