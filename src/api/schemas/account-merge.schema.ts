import { z } from 'zod/mini';
import { text } from './bounds.schema';
import { emailSchema, externalIdSchema } from './sign-in.schema';

// Issue 14, SPEC §3 merge form and §4 account linking: a recruit merges into an agent account.

export const mergeRequestPayloadSchema = z.object({
  agent_code: externalIdSchema,
  company_email: emailSchema,
});
export type MergeRequestPayload = z.input<typeof mergeRequestPayloadSchema>;

export const mergeRequestResponseSchema = z.object({
  /** Where the verification link went. */
  email: z.string(),
  expires_at: z.string(),
});
export type MergeRequestResponse = z.infer<typeof mergeRequestResponseSchema>;

const tokenSchema = text({ error: 'validation:merge_token_required' }).check(
  z.minLength(1, { error: 'validation:merge_token_required' }),
  z.maxLength(200, { error: 'validation:merge_token_required' }),
);

export const mergeTokenPayloadSchema = z.object({ token: tokenSchema });
export type MergeTokenPayload = z.input<typeof mergeTokenPayloadSchema>;

/** The agent signs in with the agent code and password (SPEC §4), and the merge runs. */
export const agentSignInSchema = z.object({
  agent_code: externalIdSchema,
  password: text({ error: 'validation:password_required' }).check(
    z.minLength(1, { error: 'validation:password_required' }),
    z.maxLength(256, { error: 'validation:password_length' }),
  ),
});
export type AgentSignInPayload = z.input<typeof agentSignInSchema>;

export const mergeCompletePayloadSchema = z.object({ token: tokenSchema, ...agentSignInSchema.shape });
export type MergeCompletePayload = z.input<typeof mergeCompletePayloadSchema>;

const accountSchema = z.object({ external_id: z.string(), name: z.string() });

/** How many rows of one kind (a table of the owned-tables list) move, or stay because the agent has their equal. */
export const mergeCountSchema = z.object({ table: z.string(), count: z.int().check(z.nonnegative()) });
export type MergeCount = z.infer<typeof mergeCountSchema>;

export const mergePreviewSchema = z.object({
  recruit: accountSchema,
  agent: accountSchema,
  moves: z.array(mergeCountSchema),
  /** Rows of one thing both accounts have (same course …): combined, the further one winning (issue 43). */
  combined: z.array(mergeCountSchema),
  conflicts: z.array(mergeCountSchema),
  /** The titles of the courses whose enrolment moves or combines, in the request's language. */
  courses: z.array(z.string()),
  /** The titles of the classroom courses whose enrolments move. */
  classroom: z.array(z.string()),
  /** Days after the merge its undo is allowed (MERGE_UNDO_DAYS). */
  undo_days: z.int().check(z.positive()),
  expires_at: z.string(),
});
export type MergePreview = z.infer<typeof mergePreviewSchema>;

export const mergeResultSchema = z.object({
  merge_id: z.string(),
  recruit: accountSchema,
  agent: accountSchema,
  moves: z.array(mergeCountSchema),
  combined: z.array(mergeCountSchema),
  conflicts: z.array(mergeCountSchema),
  /** The secret that undoes this merge (issue 43), until `undo_until`. */
  undo_token: z.string(),
  undo_until: z.string(),
});
export type MergeResult = z.infer<typeof mergeResultSchema>;

export const mergeUndoPayloadSchema = z.object({ undo_token: tokenSchema });
export type MergeUndoPayload = z.input<typeof mergeUndoPayloadSchema>;

/** The two accounts of an undone merge: each has its own records again, the recruit may sign in. */
export const mergeUndoneSchema = z.object({ recruit: accountSchema, agent: accountSchema });
export type MergeUndone = z.infer<typeof mergeUndoneSchema>;
