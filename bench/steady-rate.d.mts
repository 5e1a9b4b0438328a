/** bench/steady-rate.mjs, typed for its test. */
export declare function steadyRate(
  url: string,
  headers: Record<string, string>,
  options?: { rate?: number; seconds?: number; connections?: number; method?: string; body?: () => string },
): Promise<{ sent: number; rps: number; p50: number; p99: number; max: number; errors: number }>;
