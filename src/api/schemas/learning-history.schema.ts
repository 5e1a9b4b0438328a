import { z } from 'zod/mini';
import { daySchema } from './day.schema';

// Learning history (SPEC §7 Users and profile: GET learning_history/all, optionally from_date and
// to_date → completed, compulsory, non-compulsory, recommended, from, to): the signed-in learner's
// own summary for a period, on the profile page. The server counts it with the same rules as the
// manager's user report (one function for both), so a learner and the upline read the same hours.

/** A period (default: this IA year, 1 Aug–31 Jul, server clock); both days included, UTC days. */
export const learningHistoryQuerySchema = z
  .object({ from_date: z.optional(daySchema), to_date: z.optional(daySchema) })
  .check(z.refine((q) => !q.from_date || !q.to_date || q.from_date <= q.to_date, { error: 'validation:period_invalid' }));
export type LearningHistoryQuery = z.infer<typeof learningHistoryQuerySchema>;

const count = z.int().check(z.nonnegative());
const hours = z.number().check(z.nonnegative());

export const learningHistorySchema = z.object({
  /** The period read, YYYY-MM-DD, both days included. */
  from: z.string(),
  to: z.string(),
  /** E-learning courses completed in the period, and the same split by the course's kind. */
  completed: count,
  compulsory: count,
  /** Elective courses (SPEC §3 course kinds: compulsory, elective, recommended). */
  non_compulsory: count,
  recommended: count,
  /** E-learning courses in progress now. */
  in_progress: count,
  /** Time on screen the server credited in the period (its own records). */
  on_screen_hours: hours,
  /** CPD hours in the period: Ethics/Regulations and the rest (completed courses and classroom attendance). */
  cpd_ethics_hours: hours,
  cpd_other_hours: hours,
  /** Issue 45: the on-screen hours of each calendar month inside the period (its UTC days), oldest
   * first, a month without learning at 0 — the profile's chart. Absent for a period of more than
   * 36 months (and in older answers). */
  months: z.optional(z.array(z.object({ month: z.string().check(z.regex(/^\d{4}-\d{2}$/)), on_screen_hours: hours }))),
});
export type LearningHistory = z.infer<typeof learningHistorySchema>;

const dayOrEmpty = z.union([z.literal(''), daySchema]);

/** The profile page's period form: an empty day is the server's default (this IA year). */
export const learningHistoryPeriodFormSchema = z.object({ from_date: dayOrEmpty, to_date: dayOrEmpty }).check(
  z.refine((v) => v.from_date === '' || v.to_date === '' || v.from_date <= v.to_date, { error: 'validation:period_invalid', path: ['to_date'] }),
);
export type LearningHistoryPeriodForm = z.infer<typeof learningHistoryPeriodFormSchema>;
