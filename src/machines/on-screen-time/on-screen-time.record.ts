import type { OnScreenRecord } from '../../api/schemas/on-screen-time.schema';

/** What the learner looks at: a reading item or an attachment of a course, in the viewing the
 * server saw begin (ADR 012: time is credited only inside it). */
export type TimerTarget =
  | { courseId: string; itemId: string; attachmentId?: undefined; viewingId: string }
  | { courseId: string; attachmentId: string; itemId?: undefined; viewingId: string };

/** The record being counted: ms on screen since it began at `key` (SPEC §3). */
export interface OpenRecord {
  key: number;
  ms: number;
  /** PDF: the furthest page reached (attachments only). */
  completedPage: number | null;
}

/**
 * A visible page's timer events come every second; a longer silence than this while counting
 * means the page did not run (the device slept, the tab froze): that gap is not time on screen.
 */
export const STALL_GAP_MS = 15_000;

/** The clock part of the context: time is read from event timestamps only. */
export interface TimerClock {
  target: TimerTarget | null;
  record: OpenRecord | null;
  /** When the current counting stretch began (null while not counting). */
  countingSince: number | null;
  /** The latest time seen: the machine's clock never goes back, so a clock set back counts nothing twice. */
  lastNow: number | null;
  paused: boolean;
  hidden: boolean;
  /** The part-second left over by the last record that ended: the next record of the course
   * begins with it, so the course's total loses no fraction at each change of item. */
  carryMs: number;
}

/** SPEC §4: time counts only while a target is set, not paused and the page is visible. */
export const shouldCount = (c: TimerClock): boolean => c.record !== null && !c.paused && !c.hidden;

/** Time counted between two events while counting: never negative (a clock set back counts
 * nothing twice), nothing for a stall (a sleeping device is not a learner looking). */
export const countedGap = (from: number, to: number): number => {
  const gap = Math.max(0, to - from);
  return gap > STALL_GAP_MS ? 0 : gap;
};

/** Adds the time counted up to `now` (late ticks lose nothing, see countedGap), then restarts the
 * counting stretch at `now` if it still counts. */
export function accrue<C extends TimerClock>(c: C, now: number): C {
  const at = Math.max(now, c.lastNow ?? now);
  const record = c.record && c.countingSince !== null ? { ...c.record, ms: c.record.ms + countedGap(c.countingSince, at) } : c.record;
  const next = { ...c, record, lastNow: at };
  return { ...next, countingSince: shouldCount(next) ? at : null };
}

/** After a flag or the target changed: counting (re)starts at the latest time, or stops. */
export function recount<C extends TimerClock>(c: C): C {
  return { ...c, countingSince: shouldCount(c) ? (c.countingSince ?? c.lastNow) : null };
}

export const wholeSeconds = (record: OpenRecord | null): number => (record ? Math.floor(record.ms / 1000) : 0);

/** The stored form of a record (SPEC §3), its duration in whole seconds counted so far. */
export function toStoredRecord(target: TimerTarget, record: OpenRecord): OnScreenRecord {
  const duration = wholeSeconds(record);
  if (target.attachmentId !== undefined) {
    return { courseID: target.courseId, attachmentID: target.attachmentId, duration, completedPage: record.completedPage ?? 0, key: record.key, viewingID: target.viewingId };
  }
  return { courseID: target.courseId, itemID: target.itemId, duration, key: record.key, viewingID: target.viewingId };
}
