import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientAddress, UNKNOWN_ADDRESS } from './client-address';

// The address as the app would see it, from a socket address and an X-Forwarded-For header.
async function seen(trustProxy: boolean, socket?: string, forwarded?: string): Promise<string> {
  const app = new Hono();
  app.get('/', (c) => c.text(clientAddress(c, trustProxy)));
  const env = socket ? { incoming: { socket: { remoteAddress: socket } } } : undefined;
  const res = await app.request('/', { headers: forwarded ? { 'X-Forwarded-For': forwarded } : {} }, env);
  return res.text();
}

describe('clientAddress', () => {
  it('is the socket address unless TRUST_PROXY', async () => {
    expect(await seen(false, '198.51.100.5', '10.0.0.1')).toBe('198.51.100.5');
    expect(await seen(false, undefined, '10.0.0.1')).toBe(UNKNOWN_ADDRESS);
  });

  it('with TRUST_PROXY, is the last X-Forwarded-For entry (the one our proxy added)', async () => {
    expect(await seen(true, '127.0.0.1', 'spoofed, 203.0.113.9')).toBe('203.0.113.9');
    expect(await seen(true, '127.0.0.1', ' 203.0.113.9:51234 ')).toBe('203.0.113.9');
    expect(await seen(true, '127.0.0.1', '[2001:db8::1]:443')).toBe('2001:db8:0:0::/64');
    // Not an address: the socket's is used.
    expect(await seen(true, '127.0.0.1', '203.0.113.9, garbage')).toBe('127.0.0.1');
    expect(await seen(true, '127.0.0.1')).toBe('127.0.0.1');
  });

  it('counts IPv6 by /64 and IPv4-mapped addresses as IPv4', async () => {
    expect(await seen(false, '2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(await seen(false, '2001:0db8:0001:0002::ffff')).toBe('2001:db8:1:2::/64');
    expect(await seen(false, '::1')).toBe('0:0:0:0::/64');
    expect(await seen(false, 'fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(await seen(false, '::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(await seen(false, '64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });
});
