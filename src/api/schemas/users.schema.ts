import { z } from 'zod/mini';
import { INT4_MAX, idTextSchema, text } from './bounds.schema';
import { changePasswordSchema } from './password.schema';

export const currentUserSchema = z.object({
  id: z.string(),
  external_id: z.string(),
  name: z.string(),
  icon_url: z.string(),
  cover_url: z.string(),
  manager_id: z.nullable(z.string()),
  is_manager: z.boolean(),
  /** A recruit or pre-recruit account: may merge its records into an agent account (SPEC §6). */
  is_recruit: z.boolean(),
  /** The compliance officer (role auditor, issue 45): reads the CPD report. The server decides from the account's role. */
  is_auditor: z.boolean(),
  unread_notifications_count: z.int().check(z.nonnegative()),
  password_reset: z.boolean(),
  /** Issue 47, ADR 102: the new joiner's welcome is due (password changed, welcome not yet dismissed). */
  welcome_due: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** What a learner may see of another user. */
export const publicUserSchema = z.object({
  id: z.string(),
  external_id: z.string(),
  name: z.string(),
  icon_url: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const userIdParamSchema = z.object({
  id: idTextSchema,
});

// Marked pure where a check is added (`.check()` is a method call the bundler cannot prove free of
// effects): the browser never parses this query, so it must not stay in the first page's bundle.
export const findUsersQuerySchema = z.object({
  name: /* @__PURE__ */ text({ error: 'validation:name_required' }).check(
    z.trim(),
    z.minLength(1, { error: 'validation:name_required' }),
    z.maxLength(100, { error: 'validation:name_too_long' }),
  ),
  // Query values arrive as text: coerced, then held to whole numbers in range.
  page: z._default(/* @__PURE__ */ z.coerce.number().check(z.int(), z.minimum(1), z.maximum(INT4_MAX)), 1),
  per_page: z._default(/* @__PURE__ */ z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 20),
});
export type FindUsersQuery = z.infer<typeof findUsersQuerySchema>;

export const findUsersResponseSchema = z.object({
  data: z.array(publicUserSchema),
  page: z.int(),
  per_page: z.int(),
  total: z.int(),
});
export type FindUsersResponse = z.infer<typeof findUsersResponseSchema>;

/** PUT users/current/password: change password (also used by the forced reset page). */
export const changePasswordPayloadSchema = changePasswordSchema;
