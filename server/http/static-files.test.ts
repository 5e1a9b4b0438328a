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

  it('builds the answer of a hashed file once, whole, with the security headers, and sends it again as it is (ADR 053)', async () => {
    const first = await get(asset, 'br');
    const again = await get(asset, 'br');
    expect(again.headers.get('x-content-type-options')).toBe('nosniff');
    expect(again.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(Object.fromEntries(again.headers)).toEqual(Object.fromEntries(first.headers));
    expect(await bytes(again)).toEqual(await bytes(first));
    // Each coding has its own answer.
    expect((await get(asset, 'gzip')).headers.get('content-encoding')).toBe('gzip');
    expect((await get(asset, 'br')).headers.get('content-encoding')).toBe('br');
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

describe("the build's own files", () => {
  it("never serves a file or folder whose name starts with a dot (Vite's manifest names the sources, ADR 082)", async () => {
    mkdirSync(path.join(dir, '.vite'), { recursive: true });
    writeFileSync(path.join(dir, '.vite', 'manifest.json'), '{"src/main.tsx":{}}');
    writeFileSync(path.join(dir, '.hidden.js'), 'secret');
    for (const url of ['/.vite/manifest.json', '/%2evite/manifest.json', '/assets/../.vite/manifest.json', '/.hidden.js']) {
      const res = await get(url, 'br');
      expect(res.status, url).toBe(404);
      expect(await res.text(), url).not.toMatch(/src\/main|secret/);
    }
    expect((await get(asset)).status).toBe(200);
  });
});

describe('a first page names its chunks in its HTML (ADR 043)', () => {
  const page = '<!doctype html><html><head><title>Agent Academy</title><script type="module" src="/assets/index-AbCd1234.js"></script></head><body></body></html>';
  const hints = [
    {
      pattern: '^/login/?$',
      scripts: ['/assets/c-Login123.js'],
      styles: ['/assets/s-Login123.css', '/assets/s-Missing1.css', '/assets/s-Ends1234.css', '/../secret.css'],
      images: [],
      texts: { en: ['/assets/en-Texts123.js'], zh: ['/assets/zh-Texts123.js'], cn: ['/assets/cn-Texts123.js'] },
    },
    { pattern: '^/(main/?)?$', scripts: ['/assets/c-Main1234.js', '/x" onload="alert(1)'], styles: [], images: ['/assets/tiles/all-courses.svg'], texts: { en: [], zh: [], cn: [] } },
  ];
  let hinted: string;
  let hintedApp: Hono<AppEnv>;
  beforeAll(async () => {
    hinted = mkdtempSync(path.join(tmpdir(), 'aa-route-hints-'));
    writeFileSync(path.join(hinted, 'index.html'), page);
    writeFileSync(path.join(hinted, 'route-hints.json'), JSON.stringify(hints));
    mkdirSync(path.join(hinted, 'assets'));
    writeFileSync(path.join(hinted, 'assets', 's-Login123.css'), '.sign-in{color:red}\n');
    writeFileSync(path.join(hinted, 'assets', 's-Ends1234.css'), 'a::after{content:"</style>"}');
    await precompressDir(hinted);
    hintedApp = new Hono<AppEnv>();
    serveSpa(hintedApp, hinted);
  });
  afterAll(() => rmSync(hinted, { recursive: true, force: true }));
  const load = (url: string, headers: Record<string, string> = {}) => hintedApp.request(url, { headers });

  it('adds the page chunks, stylesheets, texts and the configuration to the head, in every coding', async () => {
    const br = await load('/login', { 'Accept-Encoding': 'br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding, Cookie');
    expect(br.headers.get('cache-control')).toBe('no-cache');
    const text = brotliDecompressSync(await bytes(br)).toString();
    const head = text.slice(0, text.indexOf('</head>'));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/c-Login123.js">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/en-Texts123.js">');
    // Its stylesheet written into the page, named by its file for the early script (build/early-script.ts), which
    // links it disabled so that Vite's preload helper does not fetch it (ADR 053, 074); one it cannot
    // read or inline is preloaded.
    expect(head).toContain('<style data-href="/assets/s-Login123.css">.sign-in{color:red}</style>');
    expect(head).not.toContain('<link rel="stylesheet" href="/assets/s-Login123.css"');
    expect(head).not.toContain('<link rel="preload" as="style" crossorigin href="/assets/s-Login123.css">');
    expect(head).toContain('<link rel="preload" as="style" crossorigin href="/assets/s-Missing1.css">');
    expect(head).toContain('<link rel="preload" as="style" crossorigin href="/assets/s-Ends1234.css">');
    expect(head).not.toContain('</style>"}');
    expect(head).not.toContain('secret');
    expect(head).toContain('<link rel="preload" as="fetch" crossorigin href="/api/app-config">');
    expect(head).not.toContain('zh-Texts123');
    const gzip = await load('/login', { 'Accept-Encoding': 'gzip' });
    expect(gunzipSync(await bytes(gzip)).toString()).toBe(text);
    const plain = await load('/login');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(text);
  });

  it('names the texts of the language in the lang cookie', async () => {
    const text = await (await load('/login', { Cookie: 'XSRF-TOKEN=abc; lang=zh' })).text();
    expect(text).toContain('/assets/zh-Texts123.js');
    expect(text).not.toContain('/assets/en-Texts123.js');
    // An unknown language is the default's.
    expect(await (await load('/login', { Cookie: 'lang=fr' })).text()).toContain('/assets/en-Texts123.js');
  });

  it('preloads the largest image of /main, and never writes an href that could leave its attribute', async () => {
    const text = await (await load('/')).text();
    expect(text).toContain('<link rel="preload" as="image" href="/assets/tiles/all-courses.svg" fetchpriority="high">');
    expect(text).toContain('/assets/c-Main1234.js');
    expect(text).not.toContain('onload');
  });

  it('leaves other pages as built, and a HEAD without a body', async () => {
    expect(await (await load('/search')).text()).toBe(page);
    const head = await hintedApp.request('/login', { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
    expect((await bytes(head)).length).toBe(0);
  });
});
