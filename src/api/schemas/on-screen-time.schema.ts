import { z } from 'zod/mini';
import { COURSE_COMPLETED_MESSAGE } from '../../config/constants';
import { idempotencyKeySchema } from './attachments.schema';
import { viewingIdSchema } from './viewings.schema';
import { INT4_MAX } from './bounds.schema';

export { courseIdParamSchema as onScreenItemParamSchema } from './courses.schema';

/** PUT on_screen_log/{itemId}: seconds an item was on screen since the record began; idempotent by
 * key (a repeat answers 403 'Record exists', SPEC §8). */
export const onScreenLogPayloadSchema = z.object({
  duration: z.int({ error: 'validation:duration_invalid' }).check(z.positive({ error: 'validation:duration_invalid' }), z.maximum(INT4_MAX, { error: 'validation:number_too_large' })),
  key: idempotencyKeySchema,
  /** ADR 012: the viewing (POST viewings) the time was counted in. */
  viewing_id: viewingIdSchema,
});
export type OnScreenLogPayload = z.infer<typeof onScreenLogPayloadSchema>;

/** GET on_screen_log/course/{courseId}/total (SPEC §3): the total, or for a completed course a list
 * whose first element is 'Course has already completed'. */
export const onScreenTotalResponseSchema = z.union([
  z.object({ total_duration: z.int().check(z.nonnegative()) }),
  z.tuple([z.literal(COURSE_COMPLETED_MESSAGE)], z.string()),
]);
export type OnScreenTotalResponse = z.infer<typeof onScreenTotalResponseSchema>;

/** SPEC §3 on-screen duration record, kept in local storage under onScreenDuration until the server
 * has it. Exactly one of itemID and attachmentID is set. */
export const onScreenRecordSchema = z
  .object({
    courseID: z.string(),
    itemID: z.optional(z.string()),
    attachmentID: z.optional(z.string()),
    duration: z.int().check(z.nonnegative()),
    completedPage: z.optional(z.int().check(z.nonnegative())),
    key: z.int().check(z.positive()),
    /** ADR 012: the viewing the record was counted in (records stored before viewings have none). */
    viewingID: z.optional(z.string()),
  })
  .check(
    z.refine((r) => (r.itemID === undefined) !== (r.attachmentID === undefined), { error: 'one of itemID and attachmentID' }),
  );
export type OnScreenRecord = z.infer<typeof onScreenRecordSchema>;
