import { APP_ID, CLIENT_PLATFORM, HEADER } from '../config/constants.ts';

// SPEC §7 "Headers and rewriting": the headers every call to our API carries, in one list. The http
// layer sets them on each call (http.ts) and the build writes them into the early script
// (build/early-script.ts, ADR 088), so a header added here reaches both. No imports of the browser:
// the build reads this module in Node.

export const ACCEPT = 'application/json, text/plain, */*';

/** The app's headers for a call: `languageValue` as languageHeaderValue gives it; the session's
 * headers only with a token (anonymous calls still carry the language and the client id). */
export function appHeaders(languageValue: string, clientId: string, token: string | null): Array<[name: string, value: string]> {
  const headers: Array<[string, string]> = [
    ['Accept', ACCEPT],
    [HEADER.language, languageValue],
    [HEADER.clientId, clientId],
  ];
  if (token) headers.push(['Authorization', `Bearer ${token}`], [HEADER.appId, APP_ID], [HEADER.platform, CLIENT_PLATFORM]);
  return headers;
}
