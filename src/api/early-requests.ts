import { currentLanguage } from './http';
import { getToken, onTokenChange } from '../platform/storage/token-storage';

// ADR 035: data requests start beside the chunks. A route's loader sends the first GETs its page
// will make (sendEarly in call-route.ts) while the page's chunks load; when the page then calls the
// same endpoint with the same query, callRoute reads that answer instead of asking again. An early
// answer is read once, with the token and the language it was asked with, while it is on its way
// or up to EARLY_REUSE_MS after it arrived: a reload, a retry or a later visit asks the server. A
// failed one is forgotten at once, and a write of this tab drops them all (pending-writes.ts).

/** How long an answer that arrived before its page asked for it stays good for that page. */
export const EARLY_REUSE_MS = 10_000;

interface Early {
  token: string;
  response: Promise<Response>;
  arrivedAt?: number;
  /** Aborts the request once nobody will read it, or when its reader stops waiting. */
  controller: AbortController;
}

/** By language and request (the path under the API root and the query, in any order). */
const early = new Map<string, Early>();
let holds = 0;

function keyOf(path: string, search: URLSearchParams | undefined, language = currentLanguage()): string {
  const sorted = [...(search ?? [])].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${language} ${path}?${new URLSearchParams(sorted)}`;
}

/** Keeps an answer on its way for its page; once arrived, its reuse window starts. */
function keep(key: string, entry: Early): void {
  early.set(key, entry);
  entry.response.then(
    () => (entry.arrivedAt = Date.now()),
    // A failure is not an answer: the page asks again.
    () => early.get(key) === entry && early.delete(key),
  );
}

/** Asked with the token stored now, and on its way or arrived lately. */
const usable = (entry: Early) => entry.token === getToken() && (entry.arrivedAt === undefined || Date.now() - entry.arrivedAt <= EARLY_REUSE_MS);

function forget(key: string, entry: Early): void {
  early.delete(key);
  entry.controller.abort();
}

/** The answers asked early and not yet read are not used (this tab is writing what they show, or another session began). */
export function dropEarly(): void {
  for (const [key, entry] of early) forget(key, entry);
}

/** No request is sent early until the release: while this tab writes, or while a page is open
 * that writes when it is left (a lesson, its on-screen record), the next page's answer might not show it. */
export function holdEarly(): () => void {
  holds += 1;
  let held = true;
  return () => {
    if (held) holds -= 1;
    held = false;
  };
}

/** Sends a GET with `send`, for the page that will ask for it soon, unless it is already waiting. */
export function startEarly(path: string, search: URLSearchParams | undefined, send: (signal: AbortSignal) => Promise<Response>): void {
  const token = getToken();
  if (!token || holds > 0) return;
  for (const [key, entry] of early) if (!usable(entry)) forget(key, entry);
  const key = keyOf(path, search);
  if (early.has(key)) return;
  const controller = new AbortController();
  keep(key, { token, response: send(controller.signal), controller });
}

/** The early answer to this GET, if it can still be used (then it is gone), or null. The caller's
 * `signal` aborts it as it would the caller's own request. */
export function takeEarly(path: string, search: URLSearchParams | undefined, signal?: AbortSignal): Promise<Response> | null {
  const key = keyOf(path, search);
  const entry = early.get(key);
  if (!entry) return null;
  early.delete(key);
  if (!usable(entry)) {
    entry.controller.abort();
    return null;
  }
  if (signal?.aborted) entry.controller.abort();
  signal?.addEventListener('abort', () => entry.controller.abort(), { once: true });
  return entry.response;
}

/** What public/early-requests.js asked for before the app loaded (ADR 043). */
interface PageEarly {
  path: string;
  /** The query string, without its '?' ('' or absent for none). */
  query?: string;
  lang: string;
  token: string;
  response: Promise<Response>;
  controller: AbortController;
}

/**
 * Takes over the requests public/early-requests.js sent while the app loaded, as if a loader had
 * sent them. That script's fetch is not the app's http layer: an answer that is not a success is
 * asked for again through it, so its error handling (a 401 signs out, a 404 routes) is the app's.
 */
export function adoptPageEarly(requests: unknown, resend: (path: string, search: URLSearchParams | undefined) => Promise<Response>): void {
  if (!Array.isArray(requests)) return;
  for (const request of requests as PageEarly[]) {
    if (typeof request?.path !== 'string' || typeof request.token !== 'string' || !(request.response instanceof Promise)) continue;
    const search = typeof request.query === 'string' && request.query !== '' ? new URLSearchParams(request.query) : undefined;
    const key = keyOf(request.path, search, request.lang);
    if (early.has(key)) continue;
    keep(key, {
      token: request.token,
      response: request.response.then((answer) => (answer.ok ? answer : resend(request.path, search))),
      controller: request.controller instanceof AbortController ? request.controller : new AbortController(),
    });
  }
}

onTokenChange(dropEarly);
