import { describe, expect, it } from 'vitest';
import { mockExamStatsSchema, startMockAttemptPayloadSchema } from './mock-exams.schema';

// ADR 028: the mode is practice or exam (a clear message otherwise); the stats are exactly SPEC §7's three figures.
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? null : result.error!.issues[0].message);

describe('mock exam schemas', () => {
  it('takes practice or exam as the mode, nothing else', () => {
    expect(startMockAttemptPayloadSchema.parse({ mode: 'practice' })).toEqual({ mode: 'practice' });
    expect(startMockAttemptPayloadSchema.parse({ mode: 'exam' })).toEqual({ mode: 'exam' });
    expect(firstMessage(startMockAttemptPayloadSchema.safeParse({ mode: 'timed' }))).toBe('validation:mock_mode_invalid');
    expect(firstMessage(startMockAttemptPayloadSchema.safeParse({}))).toBe('validation:mock_mode_invalid');
  });

  it('has exactly the three stats fields of SPEC §7', () => {
    expect(Object.keys(mockExamStatsSchema.shape).sort()).toEqual(['average_score', 'passed_attempts', 'total_attempts']);
    expect(mockExamStatsSchema.safeParse({ average_score: 72.5, passed_attempts: 1, total_attempts: 2 }).success).toBe(true);
    expect(mockExamStatsSchema.safeParse({ average_score: 72.5, passed_attempts: 1.5, total_attempts: 2 }).success).toBe(false);
  });
});
