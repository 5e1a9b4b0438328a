import { describe, expect, it } from 'vitest';
import { periodRange } from './period-range';

describe('periodRange (the picker’s calendar periods)', () => {
  it.each([
    ['month', 2026, 2, { from: '2026-02-01', to: '2026-02-28' }],
    ['month', 2028, 2, { from: '2028-02-01', to: '2028-02-29' }],
    ['month', 2026, 12, { from: '2026-12-01', to: '2026-12-31' }],
    ['quarter', 2026, 1, { from: '2026-01-01', to: '2026-03-31' }],
    ['quarter', 2026, 3, { from: '2026-07-01', to: '2026-09-30' }],
    ['quarter', 2026, 4, { from: '2026-10-01', to: '2026-12-31' }],
    ['year', 2027, 1, { from: '2027-01-01', to: '2027-12-31' }],
  ] as const)('%s of %i, part %i', (kind, year, part, expected) => {
    expect(periodRange(kind, year, part)).toEqual(expected);
  });
});
