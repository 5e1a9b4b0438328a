import { logout } from '../../api/auth.api';
import { clearRedirectUrl, clearSessionKeepClientId, getToken } from '../../api/token-storage';

/**
 * SPEC §4 logout: revoke the session on the server, then — whether that worked or not — clear
 * session storage except the client id, and the redirect url. Clearing comes last: a 401 answer
 * to the logout call would otherwise leave '/logout' remembered as the next redirect target.
 */
export async function performLogout(): Promise<void> {
  try {
    if (getToken()) await logout();
  } catch {
    // A failed call must not keep the user signed in on this device.
  } finally {
    clearSessionKeepClientId();
    clearRedirectUrl();
  }
}
