import { fromCallback, fromPromise, type ActorRef, type EventObject, type Snapshot } from 'xstate';
import { ApiRequestError } from '../../api/api-error';
import { putAttachmentStatus } from '../../api/attachments.api';
import { forgetCourseTotal, getCourseTotal, putItemLog } from '../../api/on-screen-time.api';
import { createOnScreenRecordStorage, type OnScreenRecordStorage } from '../../platform/storage/on-screen-record-storage';
import type { AttachmentStatusPayload } from '../../api/schemas/attachments.schema';
import type { OnScreenLogPayload } from '../../api/schemas/on-screen-time.schema';
import type { OnScreenRecord } from '../../api/schemas/on-screen-time.schema';
import { RECORD_EXISTS_MESSAGE, TIMER_TICK_MS } from '../../config/constants';
import { onScreenTimeMachine, type CourseTotal, type OnScreenTimeEvent, type OutboxReport } from '../../machines/on-screen-time/on-screen-time.machine';
import type { OnScreenCredit, Viewing } from '../../api/schemas/viewings.schema';
import { beginViewing } from '../../api/viewings.api';
import { trackWrite } from '../../api/page-data';

// The ONE place that wires the on-screen timer to real I/O: the senders, local storage, the wall
// clock and the page's visibility and network events.

export interface OnScreenTimeDeps {
  putItemLog(itemId: string, payload: OnScreenLogPayload): Promise<OnScreenCredit | void>;
  putAttachmentStatus(attachmentId: string, payload: AttachmentStatusPayload): Promise<OnScreenCredit | void>;
  getCourseTotal(courseId: string): Promise<CourseTotal>;
  /** localStorage by default. */
  storage?: OnScreenRecordStorage;
  now?: () => number;
}

/** SPEC §8: 'Record exists' means the server already has it: sent. */
export const isRecordExists = (error: unknown): boolean =>
  error instanceof ApiRequestError && error.status === 403 && (error.body?.message ?? error.message) === RECORD_EXISTS_MESSAGE;

/** The server examined the record and will never take it (a completed course, a removed item):
 * sending it again cannot help, and it must not hold back the records behind it. */
const isRefused = (error: unknown): boolean => error instanceof ApiRequestError && [400, 404, 422].includes(error.status);

export function sendRecord(deps: Pick<OnScreenTimeDeps, 'putItemLog' | 'putAttachmentStatus'>, record: OnScreenRecord): Promise<OnScreenCredit | void> {
  // A record stored before viewings existed names none: the server refuses it (ADR 012).
  const viewing_id = record.viewingID ?? '';
  if (record.attachmentID !== undefined) {
    return deps.putAttachmentStatus(record.attachmentID, { completed_pages: record.completedPage ?? 0, duration: record.duration, key: record.key, viewing_id });
  }
  return deps.putItemLog(record.itemID ?? '', { duration: record.duration, key: record.key, viewing_id });
}

/** Sends the outbox oldest first, removing each record once the server has it; rejects at the
 * first record that could not be sent, leaving it and the rest for the next flush. Answers what
 * the server did not credit or refused, for the learner to be told (ADR 012). */
export function sendOutbox(storage: OnScreenRecordStorage, deps: Pick<OnScreenTimeDeps, 'putItemLog' | 'putAttachmentStatus'>): Promise<OutboxReport> {
  // The course page reads what these records change (completion): it waits for them. An empty
  // outbox writes nothing, so it holds back no read (nor the lesson's first reads, ADR 088).
  const writes = storage.readOutbox().length > 0;
  const sending = sendOutboxInOrder(storage, deps);
  // What the records change that a page reads first: the courses' completion and progress, and the
  // on-screen totals; another tab drops what it holds of them (ADR 094).
  return writes ? trackWrite(sending, ON_SCREEN_RECORD_WRITES) : sending;
}

/** The resources an on-screen record changes, as paths under the API root (page-data.ts). */
export const ON_SCREEN_RECORD_WRITES = ['courses', 'on_screen_log'] as const;

async function sendOutboxInOrder(storage: OnScreenRecordStorage, deps: Pick<OnScreenTimeDeps, 'putItemLog' | 'putAttachmentStatus'>): Promise<OutboxReport> {
  const report: OutboxReport = { uncredited: 0, reasons: [], refusals: [] };
  for (let next = storage.readOutbox()[0]; next; next = storage.readOutbox()[0]) {
    try {
      const credit = await sendRecord(deps, next);
      if (credit && credit.credited < credit.claimed) {
        report.uncredited += credit.claimed - credit.credited;
        for (const reason of credit.trimmed) if (!report.reasons.includes(reason)) report.reasons.push(reason);
      }
    } catch (error) {
      if (!isRecordExists(error) && !isRefused(error)) throw error;
      if (isRefused(error)) report.refusals.push((error as ApiRequestError).message);
    }
    storage.remove(next);
  }
  return report;
}

/** SPEC §9: a tick every second while counting. The machine counts from the ticks' times, so a
 * throttled tab's late ticks lose nothing. */
export function wallClockTicker(now: () => number = Date.now) {
  return fromCallback<EventObject>(({ sendBack }) => {
    const timer = setInterval(() => sendBack({ type: 'clock.tick', now: now() }), TIMER_TICK_MS);
    return () => clearInterval(timer);
  });
}

/** The app's senders (src/api): the default; tests inject their own. */
const apiDeps: OnScreenTimeDeps = { putItemLog, putAttachmentStatus, getCourseTotal: (courseId) => getCourseTotal(courseId) };

export function onScreenTimeLogic(overrides: Partial<OnScreenTimeDeps> = {}) {
  const deps: OnScreenTimeDeps = { ...apiDeps, ...overrides };
  const storage = deps.storage ?? createOnScreenRecordStorage();
  return onScreenTimeMachine.provide({
    actors: {
      fetchTotal: fromPromise<CourseTotal, { courseId: string }>(({ input }) => deps.getCourseTotal(input.courseId)),
      // Once time was sent, the cached course total (SPEC §7) is out of date.
      flushOutbox: fromPromise<OutboxReport | null>(() => sendOutbox(storage, deps).finally(forgetCourseTotal)),
      ticker: wallClockTicker(deps.now),
    },
    actions: {
      saveRecord: (_, { record }) => storage.writeCurrent(record),
      enqueueRecord: (_, { record }) => storage.enqueue(record),
    },
  });
}

/**
 * Leaving a course: whatever record is stored goes to the outbox and the outbox is sent now,
 * without the timer actor (it stops with the page). A send the actor had started as well is
 * answered 'Record exists': the server counts each record once.
 */
export function sendStoredRecords(overrides: Partial<OnScreenTimeDeps> = {}): Promise<OutboxReport> {
  const deps: OnScreenTimeDeps = { ...apiDeps, ...overrides };
  const storage = deps.storage ?? createOnScreenRecordStorage();
  storage.enqueue(null);
  return sendOutbox(storage, deps).finally(forgetCourseTotal);
}

/** A viewing's retry after a failed POST viewings (the server was unreachable). */
export const VIEWING_RETRY_MS = 5_000;

/**
 * ADR 012: the server sees the item open before its time counts. Retries until it answers or the
 * item is left (`cancelled`); resolves with the viewing, or null once cancelled.
 */
export async function openViewing(
  target: { courseId: string; itemId?: string; attachmentId?: string },
  { cancelled, onFailure, begin = beginViewing, wait = (ms: number) => new Promise((r) => setTimeout(r, ms)) }: {
    cancelled: () => boolean;
    onFailure?: (error: unknown) => void;
    begin?: typeof beginViewing;
    wait?: (ms: number) => Promise<unknown>;
  },
): Promise<Viewing | null> {
  const payload = target.attachmentId !== undefined ? { course_id: target.courseId, attachment_id: target.attachmentId } : { course_id: target.courseId, item_id: target.itemId };
  while (!cancelled()) {
    try {
      return await begin(payload);
    } catch (error) {
      onFailure?.(error);
      await wait(VIEWING_RETRY_MS);
    }
  }
  return null;
}

type TimerActor = ActorRef<Snapshot<unknown>, OnScreenTimeEvent>;

/** The outbox could not be sent (offline, server away): the time is kept and sent later. */
export class TimeNotSentError extends Error {
  constructor() {
    super('The time on screen could not be sent yet');
    this.name = 'TimeNotSentError';
  }
}

type OutboxState = 'idle' | 'flushing' | 'waiting';
const outboxState = (snapshot: Snapshot<unknown>): OutboxState | undefined => (snapshot as { value?: { outbox?: OutboxState } }).value?.outbox;

/**
 * Before a finish: the current record ends now (a checkpoint, so the timer keeps counting into a
 * new record, never into the one sent) and the outbox is sent. Resolves once the outbox has
 * drained, i.e. the server has every second counted so far; rejects with TimeNotSentError when a
 * send failed (the outbox retries by itself). Not sendStoredRecords(): that would send the
 * current record's key while the timer goes on counting into it.
 */
export function sendPendingTime(actor: TimerActor, now: () => number = Date.now): Promise<void> {
  actor.send({ type: 'timer.checkpoint', now: now() });
  return new Promise<void>((resolve, reject) => {
    // The checkpoint raised outbox.flush: the outbox is flushing now (or is to flush again), so
    // its next 'idle' is after a send that began after the checkpoint.
    if (outboxState(actor.getSnapshot()) !== 'flushing') return resolve();
    const subscription = actor.subscribe({
      next: (snapshot) => {
        const state = outboxState(snapshot);
        if (state === 'flushing') return;
        subscription.unsubscribe();
        if (state === 'idle') resolve();
        else reject(new TimeNotSentError());
      },
      error: () => reject(new TimeNotSentError()),
      complete: () => reject(new TimeNotSentError()),
    });
  });
}

/** Tab visibility, page close and the network, as the timer's events. Returns the cleanup. */
export function watchPage(actor: Pick<TimerActor, 'send'>, now: () => number = Date.now): () => void {
  const visibility = () => actor.send({ type: document.visibilityState === 'hidden' ? 'page.hidden' : 'page.visible', now: now() });
  // Leaving the page stores the record up to this moment (the next load queues it).
  const leaving = () => actor.send({ type: 'page.hidden', now: now() });
  const online = () => actor.send({ type: 'network.online' });
  document.addEventListener('visibilitychange', visibility);
  window.addEventListener('pagehide', leaving);
  window.addEventListener('online', online);
  if (document.visibilityState === 'hidden') visibility();
  return () => {
    document.removeEventListener('visibilitychange', visibility);
    window.removeEventListener('pagehide', leaving);
    window.removeEventListener('online', online);
  };
}
