import ky, { type KyRequest, type NormalizedOptions, type HTTPError, type KyResponse } from 'ky';
import { API_ERROR_CODE, apiErrorSchema, type ApiError } from './schemas/error.schema';
import { ApiRequestError, apiMessage } from './api-error';
import { clearToken, getClientId, getToken, setRedirectUrl } from '../platform/storage/token-storage';
import { appHeaders } from './app-headers';
import {
  DEVICE_EXPIRED_MESSAGE,
  HEADER,
  XSRF_COOKIE,
  languageHeaderValue,
} from '../config/constants';
import { storedLanguage } from '../i18n';

export { ApiRequestError, InvalidResponseError } from './api-error';

/** A request carrying this header skips every rewriting rule (SPEC §7): the marker is removed
 * and the request goes out as the caller built it. With the `/api` prefix of `http`, pass an
 * absolute URL (`http.get(url, { headers: { [RAW_HEADER]: '1' } })`) or a site path without its
 * leading slash (`'assets/x.txt'` means `/assets/x.txt`). */
export const RAW_HEADER = 'X-Raw-Request';

export const LOGIN_PATH = '/login';
export const LOGOUT_PATH = '/logout';
export const NOT_FOUND_PATH = '/not-found';
/** Inside the app shell: a page whose data the server refused (403 code Forbidden, issue 43). */
export const FORBIDDEN_PATH = '/forbidden';

export interface HttpHandlers {
  navigate(to: string, opts?: { replace?: boolean; state?: unknown }): void;
  onDeviceExpired(message: string): void;
  location(): { pathname: string; search: string };
  language(): string;
}

// Until the router exists (boot reads the app config first) there is no page to route to: a 404
// from that call must not reload the document into a loop, so navigation starts inert.
export const defaultHttpHandlers: HttpHandlers = {
  navigate: () => undefined,
  onDeviceExpired: () => undefined,
  location: () => ({ pathname: window.location.pathname, search: window.location.search }),
  language: () => storedLanguage(),
};
let handlers: HttpHandlers = defaultHttpHandlers;

export function configureHttp(next: HttpHandlers): void {
  handlers = next;
}

export function currentLanguage(): string {
  return handlers.language();
}

// Absolute, so that a Request resolves the same in the browser and under jsdom.
const origin = typeof location === 'undefined' ? 'http://localhost' : location.origin;
const API_ROOT = new URL('/api/', origin).href;

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return rest.join('=');
      }
    }
  }
  return null;
}

function addXsrf(headers: Headers, method: string): void {
  if (method === 'GET' || method === 'HEAD') return;
  const token = readCookie(XSRF_COOKIE);
  if (token) headers.set(HEADER.xsrf, token);
}

/** Undo ky's prefix for a raw request. Relative = what the caller wrote had no scheme/host. */
function unprefix(url: string): { url: string; relative: boolean } {
  if (!url.startsWith(API_ROOT)) return { url, relative: new URL(url).origin === origin };
  const written = url.slice(API_ROOT.length);
  if (/^[a-z][a-z\d+.-]*:/i.test(written) || written.startsWith('//')) return { url: written, relative: false };
  return { url: new URL(`/${written}`, origin).href, relative: true };
}

async function sendRaw(request: KyRequest): Promise<Request> {
  const headers = new Headers(request.headers);
  headers.delete(RAW_HEADER);
  const target = unprefix(request.url);
  // XSRF is its own layer (SPEC §7 lists it apart from the rewriting), for our own origin only.
  if (target.relative) addXsrf(headers, request.method);
  const hasBody = request.body !== null && request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(target.url, {
    method: request.method,
    headers,
    body: hasBody ? await request.arrayBuffer() : undefined,
    signal: request.signal,
    credentials: request.credentials,
    cache: request.cache,
    redirect: request.redirect,
  });
}

// SPEC §7 "Headers and rewriting". The spec rewrites only when a student token exists; anonymous
// calls still carry what the server needs to answer them: the language (translated login
// errors), the client id (the session created at login is bound to it), JSON type and XSRF.
// ky itself sets Content-Type: application/json whenever a call passes `json`.
function rewrite(request: KyRequest): Request | Promise<Request> | void {
  if (request.headers.has(RAW_HEADER)) return sendRaw(request);
  setAppHeaders(request.headers, request.method);
}

/** The headers every call to our API carries (rewrite above; sendNow below). */
function setAppHeaders(headers: Headers, method: string): void {
  for (const [name, value] of appHeaders(languageHeaderValue(handlers.language()), getClientId(), getToken())) {
    // A caller's own Accept stays (a raw download); every other header is the app's.
    if (name !== 'Accept' || !headers.has(name)) headers.set(name, value);
  }
  addXsrf(headers, method);
}

/**
 * A JSON call that blocks this window until the server answered, for the one caller that must
 * hold the answer inside a synchronous call: SCORM's LMSCommit, which may report success only once
 * the server stored the data (issue 13, ADR 029). The headers of every call; no retry and no error
 * routing (a failure is the caller's to report; its asynchronous path sends again). Status 0: no
 * answer (offline, or the browser refused a synchronous request).
 */
export function sendNow(method: 'PUT' | 'POST', path: string, json: unknown): { status: number; body: unknown } {
  const xhr = new XMLHttpRequest();
  try {
    xhr.open(method, new URL(path, API_ROOT).href, false);
    const headers = new Headers({ 'Content-Type': 'application/json' });
    setAppHeaders(headers, method);
    headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.send(JSON.stringify(json));
  } catch {
    return { status: 0, body: null };
  }
  try {
    return { status: xhr.status, body: JSON.parse(xhr.responseText) as unknown };
  } catch {
    return { status: xhr.status, body: null };
  }
}

async function readErrorBody(response: Response): Promise<ApiError | null> {
  try {
    const parsed = apiErrorSchema.safeParse(await response.clone().json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function bearerOf(request: Request): string | null {
  const value = request.headers.get('Authorization');
  return value?.startsWith('Bearer ') ? value.slice('Bearer '.length) : null;
}

// SPEC §4 / §8 error handling, for every call made through `http`.
async function routeError(request: KyRequest, _options: NormalizedOptions, response: KyResponse): Promise<void> {
  if (response.ok) return;
  const body = await readErrorBody(response);
  const { pathname, search } = handlers.location();
  // The login and logout pages end or start sessions themselves; routing from them would loop.
  const onSessionPage = pathname === LOGIN_PATH || pathname === LOGOUT_PATH;
  if (body?.message.includes(DEVICE_EXPIRED_MESSAGE)) {
    // The user-expired handling ends the session and routes by itself.
    if (!onSessionPage) handlers.onDeviceExpired(body.message);
    return;
  }
  if (response.status === 401) {
    const sent = bearerOf(request);
    const current = getToken();
    // A late answer for a token already replaced by a refresh says nothing about the session.
    if (sent && current && sent !== current) return;
    // Without this the login guard would see the dead token as signed in and bounce back.
    if (sent) clearToken();
    if (onSessionPage) return;
    setRedirectUrl(pathname);
    handlers.navigate(`${LOGIN_PATH}${search}`);
  } else if (response.status === 404) {
    handlers.navigate(NOT_FOUND_PATH, { replace: true });
  } else if (response.status === 403 && body?.code === API_ERROR_CODE.forbidden && request.method === 'GET') {
    // A read refused for who the user is: the page cannot show anything, so the app shows its
    // "not allowed" page with the server's reason (a refused write stays with the page that sent it).
    handlers.navigate(FORBIDDEN_PATH, { replace: true, state: { message: body.message } });
  }
}

async function toApiRequestError(error: HTTPError): Promise<HTTPError> {
  const { status } = error.response;
  const body = await readErrorBody(error.response);
  const message = body?.message || apiMessage('request_failed', handlers.language(), { status });
  throw new ApiRequestError(status, body, message, { cause: error });
}

/** The one ky instance of the app: every call to the API goes through it. */
export const http = ky.create({
  prefixUrl: API_ROOT,
  // Errors surface at once; the session machines decide what deserves another attempt.
  retry: 0,
  hooks: {
    beforeRequest: [rewrite],
    afterResponse: [routeError],
    beforeError: [toApiRequestError],
  },
});
