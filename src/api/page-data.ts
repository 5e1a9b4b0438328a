import { currentLanguage, http } from './http';
import { getToken, onTokenChange } from '../platform/storage/token-storage';

// ADR 088: the one page-data cache. A page's first reads (declared beside it, src/routes/first-reads.ts)
// are sent here by its route's loader while the page's chunks load, or by the early script before
// the app has loaded (adoptEarlyScript); when the page then calls the same endpoint with the same
// query, callRoute reads that answer instead of asking again (takeFirstRead). An answer is read
// once, with the token and the language it was asked with, while it is on its way or up to
// PAGE_DATA_REUSE_MS after it arrived: a reload, a retry or a later visit asks the server. A failed
// one is forgotten at once.
//
// Reads after this tab's own writes: a write (trackWrite) drops every answer not yet read and holds
// new first reads back until it settled, since they might not show it; a read that shows what such
// writes change waits for them (afterPendingWrites), never longer than PENDING_WRITE_WAIT_MS. Leaving
// a lesson sends its on-screen record while the course page already asks for the course: without
// this, the page could show a reading the server has just completed as not complete.

/** How long an answer that arrived before its page asked for it stays good for that page. */
export const PAGE_DATA_REUSE_MS = 10_000;
export const PENDING_WRITE_WAIT_MS = 5_000;

interface Entry {
  token: string;
  response: Promise<Response>;
  arrivedAt?: number;
  /** Aborts the request once nobody will read it, or when its reader stops waiting. */
  controller: AbortController;
}

/** By language and request (the path under the API root and the query, in any order). */
const entries = new Map<string, Entry>();
const pendingWrites = new Set<Promise<unknown>>();
let holds = 0;

function keyOf(path: string, search: URLSearchParams | undefined, language = currentLanguage()): string {
  const sorted = [...(search ?? [])].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${language} ${path}?${new URLSearchParams(sorted)}`;
}

/** Keeps an answer on its way for its page; once arrived, its reuse window starts. */
function keep(key: string, entry: Entry): void {
  entries.set(key, entry);
  entry.response.then(
    () => (entry.arrivedAt = Date.now()),
    // A failure is not an answer: the page asks again.
    () => entries.get(key) === entry && entries.delete(key),
  );
}

/** Asked with the token stored now, and on its way or arrived lately. */
const usable = (entry: Entry) => entry.token === getToken() && (entry.arrivedAt === undefined || Date.now() - entry.arrivedAt <= PAGE_DATA_REUSE_MS);

function forget(key: string, entry: Entry): void {
  entries.delete(key);
  entry.controller.abort();
}

/** The answers asked and not yet read are not used (this tab is writing what they show, or another session began). */
export function dropFirstReads(): void {
  for (const [key, entry] of entries) forget(key, entry);
}

/** No first read is sent until the release: while this tab writes, or while a page is open that
 * writes when it is left (a lesson, its on-screen record), the next page's answer might not show it. */
export function holdFirstReads(): () => void {
  holds += 1;
  let held = true;
  return () => {
    if (held) holds -= 1;
    held = false;
  };
}

/** Query values that say something, as URLSearchParams (callRoute builds its query the same way). */
export function searchOf(query: unknown): URLSearchParams | undefined {
  if (query === undefined || query === null) return undefined;
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (one !== undefined && one !== null) out.append(key, String(one));
    }
  }
  return out;
}

/** Sends a page's first read (`path` under the API root) through the app's http layer, for the page
 * that will ask for it soon, unless it is already waiting. Signed out, or held: nothing. */
export function sendFirstRead(path: string, query?: Readonly<Record<string, unknown>>): void {
  const token = getToken();
  if (!token || holds > 0) return;
  for (const [key, entry] of entries) if (!usable(entry)) forget(key, entry);
  const search = searchOf(query);
  const key = keyOf(path, search);
  if (entries.has(key)) return;
  const controller = new AbortController();
  const response = http(path, { method: 'get', signal: controller.signal, ...(search && search.size > 0 ? { searchParams: search } : {}) });
  keep(key, { token, response, controller });
}

/** The answer to this GET asked for its page, if it can still be used (then it is gone), or null.
 * The caller's `signal` aborts it as it would the caller's own request. */
export function takeFirstRead(path: string, search: URLSearchParams | undefined, signal?: AbortSignal): Promise<Response> | null {
  const key = keyOf(path, search);
  const entry = entries.get(key);
  if (!entry) return null;
  entries.delete(key);
  if (!usable(entry)) {
    entry.controller.abort();
    return null;
  }
  if (signal?.aborted) entry.controller.abort();
  signal?.addEventListener('abort', () => entry.controller.abort(), { once: true });
  return entry.response;
}

/** What the early script (build/early-script.ts) asked for before the app loaded. */
interface EarlyRequest {
  path: string;
  /** The query string, without its '?' ('' or absent for none). */
  query?: string;
  lang: string;
  token: string;
  response: Promise<Response>;
  controller: AbortController;
}

/**
 * Takes over the requests the early script sent while the app loaded, as if a loader had sent
 * them. That script's fetch is not the app's http layer: an answer that is not a success is asked
 * for again through it, so its error handling (a 401 signs out, a 404 routes) is the app's.
 */
export function adoptEarlyScript(requests: unknown): void {
  if (!Array.isArray(requests)) return;
  for (const request of requests as EarlyRequest[]) {
    if (typeof request?.path !== 'string' || typeof request.token !== 'string' || !(request.response instanceof Promise)) continue;
    const search = typeof request.query === 'string' && request.query !== '' ? new URLSearchParams(request.query) : undefined;
    const key = keyOf(request.path, search, request.lang);
    if (entries.has(key)) continue;
    const resend = () => http(request.path, { method: 'get', ...(search ? { searchParams: search } : {}) });
    keep(key, {
      token: request.token,
      response: request.response.then((answer) => (answer.ok ? answer : resend())),
      controller: request.controller instanceof AbortController ? request.controller : new AbortController(),
    });
  }
}

/** Registers a write in flight; answers the same promise. */
export function trackWrite<T>(write: Promise<T>): Promise<T> {
  dropFirstReads();
  const release = holdFirstReads();
  pendingWrites.add(write);
  const settled = () => {
    pendingWrites.delete(write);
    release();
  };
  write.then(settled, settled);
  return write;
}

/** Resolves once every write in flight now has settled (succeeded or not), or after `limitMs`. */
export function afterPendingWrites(limitMs: number = PENDING_WRITE_WAIT_MS): Promise<void> {
  if (pendingWrites.size === 0) return Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, limitMs);
  });
  const all = Promise.allSettled([...pendingWrites]).then(() => undefined);
  return Promise.race([all, limit]).finally(() => clearTimeout(timer));
}

onTokenChange(dropFirstReads);
