import { z } from 'zod/mini';

// Issue 45 (the profile, SPEC §1: achievements): what the signed-in learner has earned, each from a
// real event the server recorded, with its date. Computed on read from the records (ADR 090).

export const ACHIEVEMENT_KINDS = ['first_course', 'cpd_target', 'exam_first_try', 'learning_streak'] as const;
export type AchievementKind = (typeof ACHIEVEMENT_KINDS)[number];

export const achievementSchema = z.object({
  kind: z.enum(ACHIEVEMENT_KINDS),
  /** The moment of the event that earned it (ISO), null while not earned. */
  earned_at: z.nullable(z.string()),
  /** Its Hong Kong date (YYYY-MM-DD), null while not earned. */
  earned_on: z.nullable(z.string()),
});
export type Achievement = z.infer<typeof achievementSchema>;

export const achievementsSchema = z.object({
  /** Every kind, earned or not, in ACHIEVEMENT_KINDS order. */
  achievements: z.array(achievementSchema),
  /** The consecutive Hong Kong days of credited on-screen time a streak needs (configuration). */
  streak_days: z.int().check(z.positive()),
  /** The CPD period the target achievement is about: its start year and its Hong Kong days. */
  cpd_period: z.object({ start_year: z.int(), starts_on: z.string(), ends_on: z.string() }),
});
export type Achievements = z.infer<typeof achievementsSchema>;
