import { callRoute } from './call-route';
import type { CurrentUser, FindUsersResponse, PublicUser } from './schemas/users.schema';
import type { ChangePasswordPayload } from './schemas/password.schema';
import { changePasswordRoute, findUsersRoute, getCurrentUserRoute, getUserRoute } from './schemas/users.routes';

export function getCurrentUser(): Promise<CurrentUser> {
  return callRoute(getCurrentUserRoute);
}

export function getUser(id: string): Promise<PublicUser> {
  return callRoute(getUserRoute, { params: { id } });
}

export interface FindUsersParams {
  name: string;
  page?: number;
  per_page?: number;
}

export function findUsers(query: FindUsersParams): Promise<FindUsersResponse> {
  return callRoute(findUsersRoute, { query });
}

/** PUT users/current/password → 204; the server then sets password_reset. */
export function changePassword(payload: ChangePasswordPayload): Promise<void> {
  return callRoute(changePasswordRoute, { body: payload });
}
