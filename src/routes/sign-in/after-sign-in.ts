import { clearRedirectUrl, getRedirectUrl } from '../../platform/storage/token-storage';

const NOT_A_DESTINATION = new Set(['/login', '/logout', '/forgot-password', '/reset-password']);

/** Where a fresh sign-in goes: the remembered page (then forgotten) or /main. */
export function takeRedirectTarget(): string {
  const target = getRedirectUrl();
  clearRedirectUrl();
  return target && !NOT_A_DESTINATION.has(target) ? target : '/main';
}
