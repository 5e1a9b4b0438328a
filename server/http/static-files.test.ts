import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../build/precompress.ts';
import type { AppEnv } from './context';
import { serveSpa } from './static-files';

// A built dist/ as `vite build` leaves it: files and the .br/.gz the build wrote beside them.
const script = `export function hello(name) { return "Hello, " + name; }\n`.repeat(100);
const html = `<!doctype html><title>Agent Academy</title>${'<meta name="x" content="y">'.repeat(40)}`;
let dir: string;
let app: Hono<AppEnv>;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'aa-precompressed-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), html);
  writeFileSync(path.join(dir, 'assets', 'index-AbCd1234.js'), script);
  writeFileSync(path.join(dir, 'assets', 'noto-sans-hk-AbCd1234.woff2'), Buffer.alloc(3000, 1));
  await precompressDir(dir);
  app = new Hono<AppEnv>();
  serveSpa(app, dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const get = (url: string, acceptEncoding?: string, init: RequestInit = {}) =>
  app.request(url, { ...init, headers: { ...(acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding }), ...(init.headers as Record<string, string>) } });
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());
const asset = '/assets/index-AbCd1234.js';

describe('precompressed built files', () => {
  it('sends brotli when Accept-Encoding has br, with its type, length, Vary and a year of caching', async () => {
    const res = await get(asset, 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = await bytes(res);
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    expect(body.length).toBeLessThan(script.length / 5);
    expect(brotliDecompressSync(body).toString()).toBe(script);
  });

  it('sends gzip when only gzip is accepted', async () => {
    const res = await get(asset, 'gzip, deflate');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(gunzipSync(await bytes(res)).toString()).toBe(script);
  });

  it.each([undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0'])('sends the file itself to a client that did not ask (%s), with Vary', async (accept) => {
    const res = await get(asset, accept);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect((await bytes(res)).toString()).toBe(script);
  });

  it('sends the SPA page (index.html) precompressed too, never cached without revalidation', async () => {
    const res = await get('/main', 'br');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(brotliDecompressSync(await bytes(res)).toString()).toBe(html);
    const plain = await get('/main');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(html);
  });

  it('answers HEAD with the encoded length and no body', async () => {
    const res = await get(asset, 'br', { method: 'HEAD' });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(0);
    expect((await bytes(res)).length).toBe(0);
  });

  it('answers a range request from the file itself, never from compressed bytes', async () => {
    const res = await get(asset, 'br, gzip', { headers: { Range: 'bytes=0-9' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect((await bytes(res)).toString()).toBe(script.slice(0, 10));
  });

  it('never compresses already-compressed files (fonts)', async () => {
    const res = await get('/assets/noto-sans-hk-AbCd1234.woff2', 'br, gzip');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect((await bytes(res)).length).toBe(3000);
  });

  it('ignores a compressed sibling older than its file (a file rebuilt without it)', async () => {
    const file = path.join(dir, 'assets', 'stale-AbCd1234.js');
    writeFileSync(file, script);
    await precompressDir(dir);
    writeFileSync(file, 'export const rebuilt = true;\n'.repeat(100));
    const past = new Date(Date.now() - 60_000);
    utimesSync(`${file}.br`, past, past);
    utimesSync(`${file}.gz`, past, past);
    const res = await get('/assets/stale-AbCd1234.js', 'br, gzip');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toContain('rebuilt');
  });

  it('never serves a file outside the build folder, compressed or not', async () => {
    const outside = `${path.basename(dir)}-outside.js`;
    writeFileSync(path.join(dir, '..', outside), 'secret');
    writeFileSync(path.join(dir, '..', `${outside}.br`), 'secret');
    try {
      for (const url of [`/..%2F${outside}`, `/assets/..%2F..%2F${outside}`, `/assets/%2e%2e/..%2F${outside}`]) {
        const res = await get(url, 'br');
        expect(res.status, url).toBe(404);
        expect(await res.text(), url).not.toContain('secret');
      }
    } finally {
      rmSync(path.join(dir, '..', outside));
      rmSync(path.join(dir, '..', `${outside}.br`));
    }
  });
});
