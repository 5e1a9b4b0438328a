/** Percentile `p` (0..100) of ascending `sorted` values: the value at index ⌊p/100 × n⌋ (NaN when empty). */
export function percentile(sorted, p) {
  return sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
