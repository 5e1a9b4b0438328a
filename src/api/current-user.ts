import { getCurrentUser } from './users.api';
import { currentLanguage } from './http';
import { ApiRequestError, apiMessage } from './api-error';
import { getToken, onTokenChange, readClaims } from '../platform/storage/token-storage';
import type { CurrentUser } from './schemas/users.schema';

// SPEC §4: the current user is loaded once per student token, concurrent callers share one
// in-flight fetch, and it is reloaded when the token changes.

export interface CurrentUserState {
  user: CurrentUser | null;
  loading: boolean;
  error: unknown;
}
type Listener = (state: CurrentUserState) => void;

let state: CurrentUserState = { user: null, loading: false, error: null };
/** The token `state.user` was fetched with; null while a reload for a new token is due. */
let loadedFor: string | null = null;
let inflight: { token: string; promise: Promise<CurrentUser> } | null = null;
const listeners = new Set<Listener>();

function update(next: Partial<CurrentUserState>): void {
  state = { ...state, ...next };
  for (const listener of [...listeners]) listener(state);
}

/** Known or on its way for the stored token: the layout's loader then sends no first read (ADR 088). */
export function currentUserKnown(): boolean {
  const token = getToken();
  return token !== null && ((loadedFor === token && state.user !== null) || inflight?.token === token);
}

export function loadCurrentUser(): Promise<CurrentUser> {
  const token = getToken();
  if (!token) return Promise.reject(new ApiRequestError(401, null, apiMessage('not_signed_in', currentLanguage())));
  if (loadedFor === token && state.user) return Promise.resolve(state.user);
  if (inflight?.token === token) return inflight.promise;

  const promise = getCurrentUser().then(
    (user) => {
      if (inflight?.promise === promise) inflight = null;
      // An answer for a token that is no longer stored must not overwrite the newer session.
      if (getToken() === token) {
        loadedFor = token;
        update({ user, loading: false, error: null });
      }
      return user;
    },
    (error: unknown) => {
      if (inflight?.promise === promise) inflight = null;
      if (getToken() === token) update({ loading: false, error });
      throw error;
    },
  );
  inflight = { token, promise };
  update({ loading: true, error: null });
  return promise;
}

onTokenChange((token) => {
  inflight = null;
  loadedFor = null;
  // A refresh keeps the same person: show them while the reload runs instead of a blank header.
  const samePerson = token !== null && state.user !== null && readClaims(token)?.sub === state.user.id;
  update({ user: samePerson ? state.user : null, loading: false, error: null });
  if (token && listeners.size > 0) loadCurrentUser().catch(() => undefined);
});

/** The user known for the stored token, without fetching. */
export function peekCurrentUser(): CurrentUser | null {
  return getToken() ? state.user : null;
}

export function getCurrentUserState(): CurrentUserState {
  return state;
}

/** After a successful password change (SPEC §4): flag the loaded user locally. */
export function markPasswordReset(): void {
  if (state.user && !state.user.password_reset) update({ user: { ...state.user, password_reset: true } });
}

/** After marking notifications read: the unread count the server answered, for the red dot (SPEC §2). */
export function setUnreadNotificationsCount(count: number): void {
  if (state.user && state.user.unread_notifications_count !== count) update({ user: { ...state.user, unread_notifications_count: count } });
}

/** After a new picture (profile page): the current user the server answered, if it is still the same person. */
export function replaceCurrentUser(user: CurrentUser): void {
  if (state.user && state.user.id === user.id) update({ user });
}

export function subscribeCurrentUser(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
