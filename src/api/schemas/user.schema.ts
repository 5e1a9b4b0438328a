import { z } from 'zod';
import { changePasswordSchema } from './password.schema';

export const currentUserSchema = z.object({
  id: z.string(),
  external_id: z.string(),
  name: z.string(),
  icon_url: z.string(),
  cover_url: z.string(),
  manager_id: z.string().nullable(),
  is_manager: z.boolean(),
  unread_notifications_count: z.number().int().nonnegative(),
  password_reset: z.boolean(),
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
  id: z.string().regex(/^\d{1,18}$/, { error: 'validation:id_invalid' }),
});

export const findUsersQuerySchema = z.object({
  name: z.string({ error: 'validation:name_required' }).trim().min(1, { error: 'validation:name_required' }).max(100, { error: 'validation:name_too_long' }),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export type FindUsersQuery = z.infer<typeof findUsersQuerySchema>;

export const findUsersResponseSchema = z.object({
  data: z.array(publicUserSchema),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type FindUsersResponse = z.infer<typeof findUsersResponseSchema>;

/** PUT users/current/password: change password (also used by the forced reset page). */
export const changePasswordPayloadSchema = changePasswordSchema;
