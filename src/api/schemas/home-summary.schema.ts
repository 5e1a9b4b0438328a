import { z } from 'zod/mini';

// The home page's summary of the learner (issue 45, ADR 091): where to continue and what is due
// soon. The server picks both from its own records and clock (viewings, classroom enrolments and
// sessions, examination closing times); only the caller's own data.

/** The last item the learner viewed that they can still open; the lesson page resumes it (its video where it was). */
export const homeContinueSchema = z.object({
  course_id: z.string(),
  item_id: z.string(),
  course_title: z.string(),
  item_title: z.string(),
  /** When the server saw the learner open it (ISO). */
  viewed_at: z.string(),
});
export type HomeContinue = z.infer<typeof homeContinueSchema>;

export const HOME_DUE_KINDS = ['session', 'exam'] as const;
export type HomeDueKind = (typeof HOME_DUE_KINDS)[number];

/**
 * Something due soon: a classroom session the learner is confirmed for that has not ended (`at`:
 * its start), or an examination of an enrolled course that closes (`at`: its closing time).
 */
export const homeDueSchema = z.object({
  kind: z.enum(HOME_DUE_KINDS),
  /** The session's or the examination's id. */
  id: z.string(),
  /** The classroom course's or the online course's id (the page it links to). */
  course_id: z.string(),
  title: z.string(),
  course_title: z.string(),
  at: z.string(),
});
export type HomeDue = z.infer<typeof homeDueSchema>;

export const homeSummarySchema = z.object({
  continue: z.nullable(homeContinueSchema),
  /** Soonest first; within the rest of today and the next 14 days (Hong Kong days). */
  due: z.array(homeDueSchema),
});
export type HomeSummary = z.infer<typeof homeSummarySchema>;
