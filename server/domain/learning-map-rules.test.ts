import { describe, expect, it } from 'vitest';
import type { LearningMapItemState } from '../../src/api/schemas/learning-map.schema';
import { dueEndsAt, itemStates, mapStatus, progressOf, reminderThreshold, type ItemRecord, type RuleItem } from './learning-map-rules';

// Issue 47 (ADR 098): each rule by itself, and the anchor failures the issue names.

const DUE = '2026-05-31';
/** The Hong Kong midnight that ends 31 May 2026: 2026-05-31T16:00:00Z. */
const ENDS = Date.parse('2026-05-31T16:00:00Z');
const at = (ms: number) => new Date(ms);
const none: ItemRecord = { started: false, completedAt: null };
const started: ItemRecord = { started: true, completedAt: null };
const doneAt = (ms: number): ItemRecord => ({ started: true, completedAt: at(ms) });
const free = (dueOn: string | null = DUE): RuleItem => ({ requiresPrevious: false, dueOn });
const gated = (dueOn: string | null = DUE): RuleItem => ({ requiresPrevious: true, dueOn });

describe('dueEndsAt', () => {
  it('is the Hong Kong midnight after the due day (UTC+8, no daylight saving)', () => {
    expect(dueEndsAt(DUE).toISOString()).toBe('2026-05-31T16:00:00.000Z');
    expect(dueEndsAt('2026-12-31').toISOString()).toBe('2026-12-31T16:00:00.000Z');
  });
});

describe('itemStates', () => {
  const now = at(ENDS - 10 * 86_400_000);

  it('not started, in progress and completed from the records', () => {
    expect(itemStates([free(), free(), free()], [none, started, doneAt(now.getTime() - 1000)], now)).toEqual(['not_started', 'in_progress', 'completed']);
  });

  it('completed one second before the due day ends is on time; at its end, or one second after, late', () => {
    const late = at(ENDS + 5 * 86_400_000);
    expect(itemStates([free()], [doneAt(ENDS - 1000)], late)).toEqual(['completed']);
    expect(itemStates([free()], [doneAt(ENDS)], late)).toEqual(['completed_late']);
    expect(itemStates([free()], [doneAt(ENDS + 1000)], late)).toEqual(['completed_late']);
  });

  it('not completed: still open one second before the due day ends, expired at its end and one second after', () => {
    expect(itemStates([free()], [started], at(ENDS - 1000))).toEqual(['in_progress']);
    expect(itemStates([free()], [started], at(ENDS))).toEqual(['expired']);
    expect(itemStates([free()], [none], at(ENDS + 1000))).toEqual(['expired']);
  });

  it('an item without a due date is never late and never expires', () => {
    expect(itemStates([free(null), free(null)], [doneAt(ENDS + 99 * 86_400_000), none], at(ENDS + 100 * 86_400_000))).toEqual(['completed', 'not_started']);
  });

  it('locks an item that requires the previous one until that one is complete', () => {
    expect(itemStates([free(), gated()], [started, started], now)).toEqual(['in_progress', 'locked']);
    expect(itemStates([free(), gated()], [none, none], now)).toEqual(['not_started', 'locked']);
  });

  it('anchor: the next item unlocks once its prerequisite is completed (on time or late)', () => {
    expect(itemStates([free(), gated()], [doneAt(now.getTime() - 1), none], now)).toEqual(['completed', 'not_started']);
    const after = at(ENDS + 86_400_000);
    expect(itemStates([free(), gated('2026-06-30')], [doneAt(ENDS + 1000), started], after)).toEqual(['completed_late', 'in_progress']);
  });

  it('a free item is open whatever the one before it', () => {
    expect(itemStates([free(), free()], [none, started], now)).toEqual(['not_started', 'in_progress']);
  });

  it('anchor: a course completed before the map was assigned counts (records are read whenever they happened)', () => {
    expect(itemStates([free()], [doneAt(Date.parse('2020-01-01T00:00:00Z'))], now)).toEqual(['completed']);
  });

  it('anchor: a failed gating quiz leaves the course not completed, so the item stays in progress and the next locked', () => {
    // The course record completes only when every gating quiz is passed (courses.ts refreshCompletion): a failed one leaves completedAt null.
    expect(itemStates([free(), gated()], [started, none], now)).toEqual(['in_progress', 'locked']);
  });

  it('anchor: a late completion does not move the next due date (each item keeps its own day)', () => {
    const items = [free(DUE), gated('2026-06-10')];
    const justBefore = at(Date.parse('2026-06-10T16:00:00Z') - 1000);
    expect(itemStates(items, [doneAt(ENDS + 3 * 86_400_000), started], justBefore)).toEqual(['completed_late', 'in_progress']);
    expect(itemStates(items, [doneAt(ENDS + 3 * 86_400_000), started], at(Date.parse('2026-06-10T16:00:00Z')))).toEqual(['completed_late', 'expired']);
  });

  it('a completion the server has not reached yet (a record later than now) is not counted', () => {
    expect(itemStates([free()], [doneAt(now.getTime() + 1000)], now)).toEqual(['in_progress']);
  });

  it('an expired prerequisite keeps the next item locked until it is completed, even late', () => {
    const after = at(ENDS + 1000);
    expect(itemStates([free(), gated('2026-06-30')], [started, none], after)).toEqual(['expired', 'locked']);
  });
});

describe('progressOf and mapStatus', () => {
  it('anchor: 100% once the last item is complete, late ones included; never rounded up to 100 before', () => {
    expect(progressOf(['completed', 'completed_late', 'completed'])).toBe(100);
    expect(progressOf(['completed', 'completed', 'in_progress'])).toBe(66);
    expect(progressOf([...Array.from({ length: 199 }, (): LearningMapItemState => 'completed'), 'locked'])).toBe(99);
    expect(progressOf([])).toBe(0);
  });

  it('finished when every item is complete; expired when all that is left is past due; else active', () => {
    expect(mapStatus(['completed', 'completed_late'])).toBe('finished');
    expect(mapStatus(['completed', 'expired', 'expired'])).toBe('expired');
    expect(mapStatus(['completed_late', 'expired', 'not_started'])).toBe('active');
    expect(mapStatus(['locked'])).toBe('active');
    expect(mapStatus([])).toBe('active');
  });
});

describe('reminderThreshold', () => {
  it('7 days before the due day ends (to the second), then 1 day; nothing before or after', () => {
    expect(reminderThreshold(DUE, at(ENDS - 7 * 86_400_000 - 1000))).toBeNull();
    expect(reminderThreshold(DUE, at(ENDS - 7 * 86_400_000))).toBe(7);
    expect(reminderThreshold(DUE, at(ENDS - 86_400_000 - 1000))).toBe(7);
    expect(reminderThreshold(DUE, at(ENDS - 86_400_000))).toBe(1);
    expect(reminderThreshold(DUE, at(ENDS - 1000))).toBe(1);
    expect(reminderThreshold(DUE, at(ENDS))).toBeNull();
  });
});
