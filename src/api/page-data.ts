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
//
// ADR 094: an answer that has arrived is also read as JSON, so the page can hand it to its machine
// as input (takeArrivedFirstRead) and the machine starts loaded, without a call. And a write of
// this tab tells the other tabs of the origin (WRITES_CHANNEL_NAME) which resources it changed once
// it settled: they drop the answers they hold for them, which were asked before the write.

/** How long an answer that arrived before its page asked for it stays good for that page. */
export const PAGE_DATA_REUSE_MS = 10_000;
export const PENDING_WRITE_WAIT_MS = 5_000;

interface Entry {
  token: string;
  response: Promise<Response>;
  arrivedAt?: number;
  /** Aborts the request once nobody will read it, or when its reader stops waiting. */
  controller: AbortController;
  /** The answer's JSON, once it arrived and was read (a success only). */
  body?: { value: unknown };
  /** Settles once the answer arrived and its JSON was read, or it failed; never rejects. */
  settled: Promise<void>;
}

/** By language and request (the path under the API root and the query, in any order). */
const entries = new Map<string, Entry>();
const pendingWrites = new Set<Promise<unknown>>();
let holds = 0;

function keyOf(path: string, search: URLSearchParams | undefined, language = currentLanguage()): string {
  const sorted = [...(search ?? [])].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${language} ${path}?${new URLSearchParams(sorted)}`;
}

/** Keeps an answer on its way for its page; once arrived, its reuse window starts and its JSON
 * is read from a copy (the page's call may still read the answer itself, callRoute). */
function keep(key: string, response: Promise<Response>, rest: Omit<Entry, 'response' | 'settled'>): Promise<void> {
  const entry: Entry = { ...rest, response, settled: Promise.resolve() };
  entry.settled = response.then(
    async (answer) => {
      entry.arrivedAt = Date.now();
      try {
        entry.body = { value: await answer.clone().json() };
      } catch {
        // Not JSON, or aborted: the page's own call reads it (and says what is wrong).
      }
    },
    // A failure is not an answer: the page asks again.
    () => void (entries.get(key) === entry && entries.delete(key)),
  );
  entries.set(key, entry);
  return entry.settled;
}

/** Asked with the token stored now, and on its way or arrived lately. */
const usable = (entry: Entry) => entry.token === getToken() && (entry.arrivedAt === undefined || Date.now() - entry.arrivedAt <= PAGE_DATA_REUSE_MS);

function forget(key: string, entry: Entry): void {
  entries.delete(key);
  entry.controller.abort();
}

/** The answers asked and not yet read are not used (this tab is writing what they show, or another
 * session began); with `resources`, only the answers under those paths (`courses` drops `courses/2`
 * and `courses?page=1`, not `users/current`). */
export function dropFirstReads(resources?: readonly string[]): void {
  const written = (key: string, under: readonly string[]) => {
    const path = key.slice(key.indexOf(' ') + 1);
    return under.some((resource) => path === resource || path.startsWith(`${resource}/`) || path.startsWith(`${resource}?`));
  };
  for (const [key, entry] of entries) if (!resources || written(key, resources)) forget(key, entry);
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
 * that will ask for it soon, unless it is already waiting. Signed out, or held: nothing. Answers a
 * promise that settles once the answer arrived and was read, or failed (at once when nothing was sent). */
export function sendFirstRead(path: string, query?: Readonly<Record<string, unknown>>): Promise<void> {
  const token = getToken();
  if (!token || holds > 0) return Promise.resolve();
  for (const [key, entry] of entries) if (!usable(entry)) forget(key, entry);
  const search = searchOf(query);
  const key = keyOf(path, search);
  const waiting = entries.get(key);
  if (waiting) return waiting.settled;
  const controller = new AbortController();
  const response = http(path, { method: 'get', signal: controller.signal, ...(search && search.size > 0 ? { searchParams: search } : {}) });
  return keep(key, response, { token, controller });
}

/** The JSON of this GET's answer asked for its page, if it has arrived and can still be used (then
 * it is gone: read once), or null (on its way, or none: the page's machine asks, callRoute). */
export function takeArrivedFirstRead(path: string, search: URLSearchParams | undefined): { value: unknown } | null {
  const key = keyOf(path, search);
  const entry = entries.get(key);
  if (!entry?.body || !usable(entry)) return null;
  entries.delete(key);
  return entry.body;
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
    void keep(
      key,
      request.response.then((answer) => (answer.ok ? answer : resend())),
      { token: request.token, controller: request.controller instanceof AbortController ? request.controller : new AbortController() },
    );
  }
}

/** The channel on which a tab's writes reach the other tabs of the origin (ADR 094). */
export const WRITES_CHANNEL_NAME = 'agent-academy-writes';

interface WrittenMessage {
  type: 'written';
  /** The resources written, as paths under the API root; absent: anything. */
  resources?: string[];
}

function parseWritten(data: unknown): WrittenMessage | null {
  const m = data as Partial<WrittenMessage> | null;
  if (m?.type !== 'written') return null;
  if (m.resources === undefined) return { type: 'written' };
  return Array.isArray(m.resources) && m.resources.every((r) => typeof r === 'string') ? { type: 'written', resources: m.resources } : null;
}

/** The browser's BroadcastChannel, or null where there is none (each tab then only knows its own
 * writes; an answer lives at most PAGE_DATA_REUSE_MS anyway). */
function openWritesChannel(): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  const channel = new BroadcastChannel(WRITES_CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent) => {
    const message = parseWritten(event.data);
    if (message) dropFirstReads(message.resources);
  };
  return channel;
}

const writesChannel = openWritesChannel();

/** Registers a write in flight; answers the same promise. `resources` (paths under the API root, as
 * `dropFirstReads` reads them) are what it changes: once it settled, the other tabs drop their
 * answers for them (all of theirs without it). This tab drops every answer at once. */
export function trackWrite<T>(write: Promise<T>, resources?: readonly string[]): Promise<T> {
  dropFirstReads();
  const release = holdFirstReads();
  pendingWrites.add(write);
  const settled = () => {
    pendingWrites.delete(write);
    release();
    // Also after a failure: part of it may have reached the server (an outbox sent halfway).
    writesChannel?.postMessage({ type: 'written', ...(resources ? { resources: [...resources] } : {}) } satisfies WrittenMessage);
  };
  write.then(settled, settled);
  return write;
}

/** Stops listening to the other tabs (tests that load the module twice). */
export function closeWritesChannel(): void {
  writesChannel?.close();
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

onTokenChange(() => dropFirstReads());
