import type { LearningMapItemState, LearningMapStatus } from '../../src/api/schemas/learning-map.schema';

// Issue 47, ADR 098: the rules of a learning map, pure (no database, no clock of their own), so each
// one is tested by itself. An item is judged from the course records and the server's `now`.

const DAY_MS = 86_400_000;
/** Hong Kong keeps UTC+8 all year (no daylight saving; cpd-period.ts says the same). */
const HK_OFFSET_MS = 8 * 3_600_000;

/** The instant a due day ends: the Hong Kong midnight after it (a day "due 2026-05-31" may be done all that HK day). */
export function dueEndsAt(dueOn: string): Date {
  return new Date(Date.parse(`${dueOn}T00:00:00Z`) + DAY_MS - HK_OFFSET_MS);
}

/** What the records say about one item's course, whenever it happened (before the assignment too). */
export interface ItemRecord {
  /** The course was completed (e-learning: every item and every gating quiz passed; classroom: attended to the end). */
  completedAt: Date | null;
  /** Started: enrolled in the e-learning course, or a seat / attendance for the classroom one. */
  started: boolean;
}

export interface RuleItem {
  requiresPrevious: boolean;
  /** The item's own due day, else the map's; null: never late, never expired. */
  dueOn: string | null;
}

/** The state of each item, in the map's order. */
export function itemStates(items: RuleItem[], records: ItemRecord[], now: Date): LearningMapItemState[] {
  const out: LearningMapItemState[] = [];
  items.forEach((item, i) => {
    const record = records[i];
    const ends = item.dueOn === null ? null : dueEndsAt(item.dueOn);
    if (record.completedAt !== null && record.completedAt <= now) {
      out.push(ends !== null && record.completedAt >= ends ? 'completed_late' : 'completed');
      return;
    }
    if (ends !== null && now >= ends) {
      out.push('expired');
      return;
    }
    const previous = out[i - 1];
    if (item.requiresPrevious && previous !== undefined && !isDone(previous)) {
      out.push('locked');
      return;
    }
    out.push(record.started ? 'in_progress' : 'not_started');
  });
  return out;
}

export const isDone = (state: LearningMapItemState) => state === 'completed' || state === 'completed_late';

/** Whole percent of items complete; 100 only when every one is (never rounded up to it). */
export function progressOf(states: LearningMapItemState[]): number {
  if (states.length === 0) return 0;
  const done = states.filter(isDone).length;
  return done === states.length ? 100 : Math.floor((done * 100) / states.length);
}

/** finished: every item complete; expired: something left and all that is left is past due; else active. */
export function mapStatus(states: LearningMapItemState[]): LearningMapStatus {
  if (states.length > 0 && states.every(isDone)) return 'finished';
  const left = states.filter((s) => !isDone(s));
  return left.length > 0 && left.every((s) => s === 'expired') ? 'expired' : 'active';
}

/** Days before the due day's end at which "learning map incomplete" is sent (once each). */
export const REMINDER_THRESHOLDS = [7, 1] as const;

/**
 * The threshold an incomplete item has reached at `now` (the nearest one passed; a run that missed
 * one sends the latest only), or null: more than 7 days left, or already past due.
 */
export function reminderThreshold(dueOn: string, now: Date): number | null {
  const left = dueEndsAt(dueOn).getTime() - now.getTime();
  if (left <= 0) return null;
  const reached = REMINDER_THRESHOLDS.filter((t) => left <= t * DAY_MS);
  return reached.length ? Math.min(...reached) : null;
}
