import { z } from 'zod/mini';

// The trainer's screen of a classroom session (issue 14, ADR 031; issue 43, ADR 077): the check-in
// and check-out codes the learners type, with the session and its course. Only the session's
// trainer reads it. The codes change every minute (the previous minute's is still accepted).

/** GET /api/offline_sessions/:id/codes. Instants are ISO 8601. */
export const offlineSessionCodesSchema = z.object({
  session_id: z.string(),
  session_title: z.string(),
  course_id: z.string(),
  course_title: z.string(),
  venue: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** When the codes are accepted (server clock). */
  window_opens_at: z.string(),
  window_closes_at: z.string(),
  check_in_code: z.string(),
  check_out_code: z.string(),
  /** Milliseconds until the codes shown change (server clock): the screen asks again then. */
  changes_in_ms: z.int().check(z.nonnegative()),
});
export type OfflineSessionCodes = z.infer<typeof offlineSessionCodesSchema>;
