import { vi } from 'vitest';

// Test-only helpers for the client API layer (never imported by app code).

function base64url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/** An unsigned JWT with the given claims: the client only reads claims, the server verifies. */
export function fakeJwt(claims: Record<string, unknown>): string {
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.c2lnbmF0dXJl`;
}

/** A token for user `sub` that expires `inSeconds` from now. */
export function tokenFor(sub: string, inSeconds = 600, extra: Record<string, unknown> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  return fakeJwt({ sub, iat: now, nbf: now, exp: now + inSeconds, jti: crypto.randomUUID(), ...extra });
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function text(body: string, status = 200): Response {
  return new Response(body, { status, headers: { 'Content-Type': 'text/plain' } });
}

/** Replaces fetch; every Request that reaches the network is recorded for inspection. */
export function stubFetch(respond: (request: Request) => Response | Promise<Response>) {
  const requests: Request[] = [];
  // ky cancels request bodies once a call settles, so bodies are read as they arrive.
  const bodies = new Map<Request, string>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(request);
    bodies.set(request, await request.clone().text());
    return respond(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  const last = () => requests[requests.length - 1];
  return { requests, fetchMock, last, lastBody: () => bodies.get(last()) };
}

/** users/current of the demo account agent01. */
export const agent01 = {
  id: '1',
  external_id: 'agent01',
  name: 'Chan Tai Man',
  icon_url: '/assets/placeholder-profile.svg',
  cover_url: '/assets/placeholder-cover.svg',
  manager_id: null,
  is_manager: false,
  is_recruit: false,
  is_auditor: false,
  unread_notifications_count: 3,
  password_reset: true,
  welcome_due: false,
};
