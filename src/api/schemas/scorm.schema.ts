import { z } from 'zod/mini';
import { idTextSchema, INT4_MAX, text } from './bounds.schema';

// Issue 13 / ADR 029: a course item of kind SCORM. The runtime (scorm-again) lives in the opener;
// the popup runs the package; every commit is a whole snapshot of the learner's data, numbered
// (launch, seq) so an older commit never overwrites a newer one. The server keeps the data and
// decides what counts (completion needs its own time rules too).

export const SCORM_VERSIONS = ['1.2', '2004'] as const;
export const scormVersionSchema = z.enum(SCORM_VERSIONS);
export type ScormVersion = z.infer<typeof scormVersionSchema>;

/** SCORM 2004's completion_status; SCORM 1.2's lesson_status is mapped onto it (scorm12Status). */
export const SCORM_COMPLETION = ['completed', 'incomplete', 'not_attempted', 'unknown'] as const;
export const scormCompletionSchema = z.enum(SCORM_COMPLETION, { error: 'validation:scorm_status_invalid' });
export type ScormCompletion = z.infer<typeof scormCompletionSchema>;

/** SCORM 2004's success_status; SCORM 1.2's lesson_status is mapped onto it (scorm12Status). */
export const SCORM_SUCCESS = ['passed', 'failed', 'unknown'] as const;
export const scormSuccessSchema = z.enum(SCORM_SUCCESS, { error: 'validation:scorm_status_invalid' });
export type ScormSuccess = z.infer<typeof scormSuccessSchema>;

/** SCORM 1.2 `cmi.core.lesson_status` as the two 2004 statuses (an unknown value: nothing said). */
export function scorm12Status(lessonStatus: string): { completion: ScormCompletion; success: ScormSuccess } {
  switch (lessonStatus) {
    case 'passed':
      return { completion: 'completed', success: 'passed' };
    case 'failed':
      return { completion: 'completed', success: 'failed' };
    case 'completed':
      return { completion: 'completed', success: 'unknown' };
    case 'incomplete':
    case 'browsed':
      return { completion: 'incomplete', success: 'unknown' };
    case 'not attempted':
      return { completion: 'not_attempted', success: 'unknown' };
    default:
      return { completion: 'unknown', success: 'unknown' };
  }
}

/**
 * The characters a commit may carry in location + suspend_data + cmi together: the last commit of
 * a closing window goes with `fetch(…, {keepalive: true})`, whose bodies in flight may not pass
 * 64 KiB (ADR 029). A bigger commit is refused when it is made, not lost when the window closes.
 */
export const SCORM_COMMIT_MAX_CHARS = 60_000;

const whole = (error: string) =>
  z.int({ error }).check(z.positive({ error }), z.maximum(INT4_MAX, { error: 'validation:number_too_large' }));

export const scormItemParamSchema = z.object({ id: idTextSchema });

export const scormScoreSchema = z.object({
  raw: z.number({ error: 'validation:scorm_score_invalid' }),
  min: z.nullable(z.number({ error: 'validation:scorm_score_invalid' })),
  max: z.nullable(z.number({ error: 'validation:scorm_score_invalid' })),
});
export type ScormScore = z.infer<typeof scormScoreSchema>;

/** The data model's JSON (scorm-again's rendering of `cmi`), for the runtime to load on resume. */
const cmiTextSchema = text().check(
  z.refine(
    (value: string) => {
      try {
        const parsed: unknown = JSON.parse(value);
        return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
      } catch {
        return false;
      }
    },
    { error: 'validation:scorm_cmi_invalid' },
  ),
);

/** PUT /api/scorm/:id/runtime: one commit, a whole snapshot. */
export const scormCommitPayloadSchema = z
  .object({
    /** The launch the GET answered; a commit of an older launch never overwrites a newer one. */
    launch: whole('validation:seq_invalid'),
    /** Raised by every commit of a launch; (launch, seq) must be higher than the stored pair to count. */
    seq: whole('validation:seq_invalid'),
    /** The session ended (LMSFinish / Terminate, or the popup was closed and the launcher finished it). */
    finished: z.boolean(),
    version: scormVersionSchema,
    completion: scormCompletionSchema,
    success: scormSuccessSchema,
    score: z.nullable(scormScoreSchema),
    /** `cmi.core.lesson_location` (1.2, ≤ 255) or `cmi.location` (2004, ≤ 1000). */
    location: text().check(z.maxLength(1000, { error: 'validation:text_too_long' })),
    /** `cmi.suspend_data` (1.2: ≤ 4096; 2004: ≤ 64 000, bounded by the commit's total here). */
    suspend_data: text().check(z.maxLength(SCORM_COMMIT_MAX_CHARS, { error: 'validation:text_too_long' })),
    cmi: cmiTextSchema,
  })
  .check(
    z.refine((c) => c.location.length + c.suspend_data.length + c.cmi.length <= SCORM_COMMIT_MAX_CHARS, {
      error: 'validation:scorm_commit_too_large',
    }),
  );
export type ScormCommitPayload = z.infer<typeof scormCommitPayloadSchema>;

/** What the server holds for the caller and this item; the GET also starts a new launch. */
export const scormRuntimeSchema = z.object({
  item_id: z.string(),
  /** Where the package's launch file is served (same origin, so the SCO reaches window.opener.API). */
  launch_url: z.string(),
  version: scormVersionSchema,
  launch: z.int(),
  /** The highest seq stored for `launch` (0 for a launch the GET just started). */
  seq: z.int(),
  /** `resume` when a location or suspend_data is stored, else `ab-initio` (SCORM's cmi.entry). */
  entry: z.enum(['resume', 'ab-initio']),
  completion: scormCompletionSchema,
  success: scormSuccessSchema,
  score: z.nullable(scormScoreSchema),
  location: z.string(),
  suspend_data: z.string(),
  /** The stored data model's JSON ('{}' before the first commit). */
  cmi: z.string(),
  /** The server's verdict: the SCO said completed or passed AND the server's time rules agree. */
  counted_complete: z.boolean(),
});
export type ScormRuntime = z.infer<typeof scormRuntimeSchema>;

/** The answer to a commit: the pair the server holds (higher than the one sent when it was stale). */
export const scormCommitResultSchema = z.object({
  launch: z.int(),
  seq: z.int(),
  /** False when the commit was older than (or equal to) the stored one and changed nothing. */
  stored: z.boolean(),
  counted_complete: z.boolean(),
});
export type ScormCommitResult = z.infer<typeof scormCommitResultSchema>;
