import { clearRedirectUrl, getRedirectUrl } from '../../platform/storage/token-storage';

const NOT_A_DESTINATION = new Set(['/login', '/logout', '/forgot-password', '/reset-password']);

/**
 * The remembered page with the query the login page was given. SPEC §2/§4 remember the path
 * without its query and keep the query on /login; carrying it back is what returns a quiz to its
 * question (`?q=`) after a re-authentication (issue 13, ADR 006). The remembered path is already
 * a same-site path (token-storage refuses `//host` and `/\host`), and a query cannot change where
 * a path points, so the target stays on this site.
 */
export function returnAddress(path: string, loginSearch: string): string {
  if (path.includes('?') || loginSearch === '' || loginSearch === '?') return path;
  return `${path}${loginSearch.startsWith('?') ? loginSearch : `?${loginSearch}`}`;
}

/** Where a fresh sign-in goes: the remembered page (then forgotten) with the login page's query,
 * or /main. */
export function takeRedirectTarget(loginSearch = ''): string {
  const target = getRedirectUrl();
  clearRedirectUrl();
  return target && !NOT_A_DESTINATION.has(target) ? returnAddress(target, loginSearch) : '/main';
}
