import { jwtDecode } from 'jwt-decode';
import { tokenClaimsSchema, type TokenClaims } from '../../api/schemas/sign-in.schema';
import { STORAGE_KEY } from '../../config/constants';

// The one module that touches session storage for the session (SPEC §3): the student token,
// the per-tab client id, the remembered redirect url and the keep_on_screen flag.

type Listener = (token: string | null) => void;
const listeners = new Set<Listener>();

// Storage can throw (disabled cookies, some private modes); the app must still run for the tab.
const memory = new Map<string, string>();
function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return memory.get(key) ?? null;
  }
}
function write(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    if (value === null) memory.delete(key);
    else memory.set(key, value);
  }
}

function notify(): void {
  const token = getToken();
  for (const listener of [...listeners]) listener(token);
}

export function getToken(): string | null {
  return read(STORAGE_KEY.token);
}

export function setToken(token: string): void {
  const changed = getToken() !== token;
  write(STORAGE_KEY.token, token);
  if (changed) notify();
}

export function clearToken(): void {
  const changed = getToken() !== null;
  write(STORAGE_KEY.token, null);
  if (changed) notify();
}

/** Logout (SPEC §4): everything in session storage goes, except the client id. */
export function clearSessionKeepClientId(): void {
  const clientId = getClientId();
  const hadToken = getToken() !== null;
  try {
    sessionStorage.clear();
  } catch {
    // fall through to the in-memory copy
  }
  memory.clear();
  write(STORAGE_KEY.clientId, clientId);
  if (hadToken) notify();
}

function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; plain-http LAN deployments still need an id.
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The per-session client id (SPEC §3): created on first use, survives logout. */
export function getClientId(): string {
  let id = read(STORAGE_KEY.clientId);
  if (!id) {
    id = newUuid();
    write(STORAGE_KEY.clientId, id);
  }
  return id;
}

/** A tab opened beside an open one takes that tab's client id, so the server sees one browser
 * (ADR 016: the one-device rule applies to other browsers only). */
export function setClientId(id: string): void {
  write(STORAGE_KEY.clientId, id);
}

/** The claims of a token, or null when it is not a decodable JWT with the expected claims. */
export function readClaims(token: string | null | undefined): TokenClaims | null {
  if (!token) return null;
  try {
    const parsed = tokenClaimsSchema.safeParse(jwtDecode(token));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Logged in = a decodable token whose exp is still in the future (SPEC §4). */
export function isLoggedIn(nowMs: number = Date.now()): boolean {
  const claims = readClaims(getToken());
  return claims?.exp !== undefined && claims.exp * 1000 > nowMs;
}

export function hasPassedTwoFactor(): boolean {
  return readClaims(getToken())?.g2fa === true;
}

/** Only same-site paths are remembered and returned, so a tampered value cannot redirect away. */
function isSafePath(path: string | null): path is string {
  return !!path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

export function getRedirectUrl(): string | null {
  const url = read(STORAGE_KEY.redirectUrl);
  return isSafePath(url) ? url : null;
}

export function setRedirectUrl(path: string): void {
  if (isSafePath(path)) write(STORAGE_KEY.redirectUrl, path);
}

export function clearRedirectUrl(): void {
  write(STORAGE_KEY.redirectUrl, null);
}

/** keep_on_screen holds the string "true" while the page must stay active (SPEC §3). */
export function isKeepOnScreen(): boolean {
  return read(STORAGE_KEY.keepOnScreen) === 'true';
}

export function setKeepOnScreen(keep: boolean): void {
  write(STORAGE_KEY.keepOnScreen, keep ? 'true' : null);
}

/** Called with the new token (or null) whenever the stored token changes. */
export function onTokenChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
