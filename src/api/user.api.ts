import { http } from './http';
import { expectEmpty, parseJson } from './parse';
import {
  currentUserSchema,
  findUsersResponseSchema,
  publicUserSchema,
  type CurrentUser,
  type FindUsersResponse,
  type PublicUser,
} from './schemas/user.schema';
import type { ChangePasswordPayload } from './schemas/password.schema';

export function getCurrentUser(): Promise<CurrentUser> {
  return parseJson(currentUserSchema, http.get('users/current'));
}

export function getUser(id: string): Promise<PublicUser> {
  return parseJson(publicUserSchema, http.get(`users/${encodeURIComponent(id)}`));
}

export interface FindUsersParams {
  name: string;
  page?: number;
  per_page?: number;
}

export function findUsers(query: FindUsersParams): Promise<FindUsersResponse> {
  const searchParams: Record<string, string | number> = { name: query.name };
  if (query.page !== undefined) searchParams.page = query.page;
  if (query.per_page !== undefined) searchParams.per_page = query.per_page;
  return parseJson(findUsersResponseSchema, http.get('users/find', { searchParams }));
}

/** PUT users/current/password → 204; the server then sets password_reset. */
export function changePassword(payload: ChangePasswordPayload): Promise<void> {
  return expectEmpty(http.put('users/current/password', { json: payload }));
}
