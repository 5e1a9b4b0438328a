import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** Requests made without a socket (tests' app.request) share this address. */
export const UNKNOWN_ADDRESS = 'unknown';

/**
 * The client address rate limits count by. The socket's, unless TRUST_PROXY: then the last
 * X-Forwarded-For entry, the one our own proxy appended (earlier entries are the client's word).
 * IPv6 counts by /64: one subscriber gets a whole /64, so single addresses cost an attacker nothing.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',').at(-1)?.trim();
    const address = forwarded ? normalise(stripPort(forwarded)) : null;
    if (address) return address;
  }
  try {
    return normalise(getConnInfo(c).remote.address ?? '') ?? UNKNOWN_ADDRESS;
  } catch {
    return UNKNOWN_ADDRESS;
  }
}

function stripPort(value: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) return bracketed[1];
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(value);
  return v4WithPort ? v4WithPort[1] : value;
}

function normalise(raw: string): string | null {
  const address = raw.split('%')[0];
  const version = isIP(address);
  if (version === 4) return address;
  if (version !== 6) return null;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1];
  return `${ipv6Groups(address).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of a valid IPv6 address, without leading zeros. */
function ipv6Groups(address: string): string[] {
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  // A trailing dotted IPv4 part stands for two groups.
  const split = (part: string | undefined) =>
    part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : [];
  const first = split(head);
  const last = split(tail);
  const middle = tail === undefined ? [] : Array<string>(8 - first.length - last.length).fill('0');
  return [...first, ...middle, ...last].map((g) => parseInt(g, 16).toString(16));
}

/** 127.0.0.0/8, ::1 and their IPv4-mapped form. */
function isLoopbackAddress(raw: string | undefined): boolean {
  if (!raw) return false;
  const address = stripPort(raw.trim()).split('%')[0];
  const v4 = /^(?:::ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1];
  if (v4 !== undefined) return isIP(v4) === 4 && v4.startsWith('127.');
  return isIP(address) === 6 && ipv6Groups(address).join(':') === '0:0:0:0:0:0:0:1';
}

/** Whether HOST binds the server to loopback only (nobody else can connect). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.trim().replace(/^\[(.*)\]$/, '$1');
  return bare.toLowerCase() === 'localhost' || isLoopbackAddress(bare);
}

/**
 * Headers a reverse proxy adds to say whom it forwards for. Without TRUST_PROXY any of them means
 * the loopback socket may be a proxy on this machine (nginx, Caddy, a tunnel) relaying anyone's
 * request: the demo's outbox and its accounts must then stay shut (issue 43 §12).
 */
export const PROXY_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-forwarded-server',
  'x-real-ip',
  'x-client-ip',
  'x-original-forwarded-for',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'x-cluster-client-ip',
  'via',
] as const;

/**
 * Whether the request comes from this machine: the socket is loopback and either no proxy header
 * is present (without TRUST_PROXY a same-host proxy would otherwise pass for the operator) or, with
 * TRUST_PROXY, the entry our proxy appended to X-Forwarded-For is loopback too. A proxied request
 * without that entry is not trusted (a proxy that does not say who its client was could be anyone's).
 */
export function isLoopbackClient(c: Context, trustProxy: boolean): boolean {
  let socket: string | undefined;
  try {
    socket = getConnInfo(c).remote.address;
  } catch {
    return false;
  }
  if (!isLoopbackAddress(socket)) return false;
  if (!trustProxy) return PROXY_HEADERS.every((name) => c.req.header(name) === undefined);
  return isLoopbackAddress(c.req.header('X-Forwarded-For')?.split(',').at(-1));
}
