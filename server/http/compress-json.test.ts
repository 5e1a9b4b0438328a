import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test-support';
import { COMPRESS_JSON_MIN_BYTES } from './compress-json';
import { SECURITY_HEADERS } from './security-headers';
import { isWholeAnswer } from './whole-answer';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const get = (url: string, acceptEncoding?: string) => ctx.request(url, { headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding } });
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('API JSON compression', () => {
  // The OpenAPI document: a large JSON answer every caller can read.
  const large = '/api/openapi.json';

  it('gzips a large JSON answer for a gzip-only client, and it decodes to the same JSON', async () => {
    const plain = await bytes(await get(large));
    expect(plain.length).toBeGreaterThan(COMPRESS_JSON_MIN_BYTES);
    const res = await get(large, 'gzip, deflate');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await bytes(res);
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    expect(body.length).toBeLessThan(plain.length / 3);
    expect(JSON.parse(gunzipSync(body).toString('utf8'))).toEqual(JSON.parse(plain.toString('utf8')));
  });

  it('prefers brotli when the client accepts it', async () => {
    const res = await get(large, 'gzip, deflate, br, zstd');
    expect(res.headers.get('content-encoding')).toBe('br');
    const plain = await (await get(large)).json();
    expect(JSON.parse(brotliDecompressSync(await bytes(res)).toString('utf8'))).toEqual(plain);
  });

  it.each([undefined, 'identity', 'br;q=0, gzip;q=0', 'deflate'])('sends identity JSON to a client that did not ask (%s), still with Vary', async (accept) => {
    const res = await get(large, accept);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect((await res.json()).openapi).toBeDefined();
  });

  it('compresses a mid-size answer (a signed-in course list) so that it decodes to the same JSON, in both codings', async () => {
    const token = await ctx.login('agent01', 'Learner2026');
    const path = '/api/courses?per_page=12';
    const plain = await bytes(await ctx.request(path, { token }));
    expect(plain.length).toBeGreaterThan(COMPRESS_JSON_MIN_BYTES);
    for (const [coding, decode] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
      const res = await ctx.request(path, { token, headers: { 'Accept-Encoding': coding } });
      expect(res.headers.get('content-encoding')).toBe(coding);
      // Under 32 KB: compressed from its text by c.json, built whole with every header (ADR 037).
      expect(isWholeAnswer(res)).toBe(true);
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(res.headers.get('cache-control')).toBe('no-store');
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers.get(name)).toBe(value);
      const body = await bytes(res);
      expect(Number(res.headers.get('content-length'))).toBe(body.length);
      expect(JSON.parse(decode(body).toString('utf8'))).toEqual(JSON.parse(plain.toString('utf8')));
    }
  });

  it('leaves a small JSON answer as it is', async () => {
    const res = await get('/api/app-config', 'gzip, br');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    const body = await bytes(res);
    expect(body.length).toBeLessThan(COMPRESS_JSON_MIN_BYTES);
    expect(JSON.parse(body.toString('utf8'))).toBeTypeOf('object');
  });

  it('sends a HEAD answer uncompressed, with the identity length', async () => {
    const token = await ctx.login('agent01', 'Learner2026');
    const path = '/api/courses?per_page=12';
    const plain = await bytes(await ctx.request(path, { token }));
    const head = await ctx.request(path, { token, method: 'HEAD', headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-encoding')).toBeNull();
    expect(Number(head.headers.get('content-length'))).toBe(plain.length);
  });

  it('leaves a small error answer readable, with its status', async () => {
    const res = await get('/api/nowhere', 'gzip');
    expect(res.status).toBe(404);
    expect((await res.json()).status_code).toBe(404);
  });
});
