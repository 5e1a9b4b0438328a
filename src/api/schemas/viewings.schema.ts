import { z } from 'zod/mini';

// ADR 012: a viewing is the server's record that the learner opened an item or an attachment.
// On-screen time is credited only inside a viewing, and each record names its viewing.

const idOf = (error: string) => z.string({ error }).check(z.regex(/^\d{1,18}$/, { error }));

/** POST viewings: the learner opens a course's reading item, or an attachment (of a course or the material library). */
export const viewingPayloadSchema = z
  .object({
    course_id: z.optional(idOf('validation:id_invalid')),
    item_id: z.optional(idOf('validation:id_invalid')),
    attachment_id: z.optional(idOf('validation:id_invalid')),
  })
  .check(z.refine((v) => (v.item_id === undefined) !== (v.attachment_id === undefined), { error: 'validation:viewing_target_invalid' }));
export type ViewingPayload = z.infer<typeof viewingPayloadSchema>;

export const viewingSchema = z.object({
  id: z.string(),
  /** When the viewing began, on the server's clock (ISO 8601). */
  started_at: z.string(),
  /** Until when the learner's identity counts as verified (ISO 8601); null when continual
   * authentication is off. Before it ends, a passed identity check keeps the time credited. */
  identity_verified_until: z.nullable(z.string()),
});
export type Viewing = z.infer<typeof viewingSchema>;

/** The record's viewing, sent with each on-screen record. */
export const viewingIdSchema = idOf('validation:viewing_invalid');

export const TRIM_REASONS = ['viewing', 'overlap', 'identity'] as const;
export type TrimReason = (typeof TRIM_REASONS)[number];

/** The answer to an on-screen record: what was claimed, what was credited, and why less. */
export const onScreenCreditSchema = z.object({
  claimed: z.int(),
  credited: z.int(),
  trimmed: z.array(z.enum(TRIM_REASONS)),
});
export type OnScreenCredit = z.infer<typeof onScreenCreditSchema>;
