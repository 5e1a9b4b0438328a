import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { connect, type ClientHttp2Session } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../build/precompress.ts';
import { createTestContext, TEST_CLIENT_ID, type TestContext } from '../test-support';
import type { AppEnv } from './context';
import { tlsServeOptions } from './node-server';
import { serveSpa } from './static-files';

// ADR 053: with TLS_CERT_FILE and TLS_KEY_FILE the real app answers over HTTPS, HTTP/2 to a client
// that offers it and HTTP/1.1 to one that does not, with the same answers (the whole answers of
// ADR 037 and the compressed JSON included: HTTP/2 refuses connection-specific headers).
let ctx: TestContext;
let dir: string;
let cert: string;
let server: ServerType;
let origin: string;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.login('agent01', 'Learner2026');
  dir = mkdtempSync(path.join(tmpdir(), 'aa-tls-'));
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    notAfterDate: new Date(Date.now() + 86_400_000),
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  cert = pems.cert;
  writeFileSync(path.join(dir, 'cert.pem'), pems.cert);
  writeFileSync(path.join(dir, 'key.pem'), pems.private);
  const tls = tlsServeOptions({ certFile: path.join(dir, 'cert.pem'), keyFile: path.join(dir, 'key.pem') });
  await new Promise<void>((resolve) => {
    server = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1', ...tls }, () => resolve());
  });
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

/** One request over an HTTP/2 session: status, headers and the body's bytes. */
function h2Get(session: ClientHttp2Session, pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    const stream = session.request({ ':path': pathname, ...headers });
    const chunks: Buffer[] = [];
    let answer: Record<string, unknown> = {};
    stream.on('response', (h) => (answer = h));
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve({ status: Number(answer[':status']), headers: answer, body: Buffer.concat(chunks) }));
    stream.on('error', reject);
    stream.end();
  });
}

describe('HTTPS with HTTP/2 (TLS_CERT_FILE, TLS_KEY_FILE)', () => {
  it('answers an HTTP/2 client on one connection, signed-in reads and errors alike', async () => {
    const session = connect(origin, { ca: cert });
    try {
      const config = await h2Get(session, '/api/app-config');
      expect(session.alpnProtocol).toBe('h2');
      expect(config.status).toBe(200);
      expect(config.headers['x-content-type-options']).toBe('nosniff');
      expect(config.headers['strict-transport-security']).toMatch(/max-age=/);
      // Signed-in reads: a small whole answer (ADR 037), and a list compressed as the browser asks.
      const signedIn = { authorization: `Bearer ${token}`, 'x-client-id': TEST_CLIENT_ID };
      const me = await h2Get(session, '/api/users/current', signedIn);
      expect(me.status).toBe(200);
      expect(JSON.parse(me.body.toString())).toMatchObject({ external_id: 'agent01' });
      const list = await h2Get(session, '/api/courses?page=1&per_page=12', { ...signedIn, 'accept-encoding': 'br' });
      expect(list.status).toBe(200);
      expect(list.headers['content-encoding']).toBe('br');
      expect(JSON.parse(brotliDecompressSync(list.body).toString()).data).toHaveLength(12);
      const refused = await h2Get(session, '/api/users/current');
      expect(refused.status).toBe(401);
    } finally {
      session.close();
    }
  });

  it('answers an HTTP/1.1 client too', async () => {
    const answer = await new Promise<{ status: number; version: string; body: string }>((resolve, reject) => {
      const req = httpsRequest(`${origin}/api/app-config`, { ca: cert }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, version: res.httpVersion, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(answer).toMatchObject({ status: 200, version: '1.1' });
    expect(JSON.parse(answer.body)).toBeTypeOf('object');
  });

  it('sends the built files over HTTP/2 too: a hashed chunk answered whole, and a page', async () => {
    const site = mkdtempSync(path.join(tmpdir(), 'aa-tls-site-'));
    const script = 'export const answer = 42;\n'.repeat(50);
    writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>Agent Academy</title>');
    mkdirSync(path.join(site, 'assets'));
    writeFileSync(path.join(site, 'assets', 'c-AbCd1234.js'), script);
    await precompressDir(site);
    const app = new Hono<AppEnv>();
    serveSpa(app, site);
    let siteServer: ServerType | undefined;
    await new Promise<void>((resolve) => {
      siteServer = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', ...tlsServeOptions({ certFile: path.join(dir, 'cert.pem'), keyFile: path.join(dir, 'key.pem') }) }, () => resolve());
    });
    const session = connect(`https://127.0.0.1:${(siteServer!.address() as AddressInfo).port}`, { ca: cert });
    try {
      for (let i = 0; i < 2; i++) {
        const chunk = await h2Get(session, '/assets/c-AbCd1234.js', { 'accept-encoding': 'br' });
        expect(chunk.status).toBe(200);
        expect(chunk.headers['content-encoding']).toBe('br');
        expect(brotliDecompressSync(chunk.body).toString()).toBe(script);
      }
      const page = await h2Get(session, '/courses/all');
      expect(page.status).toBe(200);
      expect(page.body.toString()).toContain('<title>Agent Academy</title>');
    } finally {
      session.close();
      await new Promise((resolve) => siteServer!.close(resolve));
      rmSync(site, { recursive: true, force: true });
    }
  });

  it('names an unreadable certificate file', () => {
    expect(() => tlsServeOptions({ certFile: path.join(dir, 'missing.pem'), keyFile: path.join(dir, 'key.pem') })).toThrow(/^TLS_CERT_FILE: cannot read .*missing\.pem \(ENOENT\)$/);
  });
});
