import { existsSync, readFileSync, statSync, type Stats } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { chooseContentCoding, CONTENT_CODINGS, PRECOMPRESSED_SUFFIX, varyOnAcceptEncoding, type ContentCoding } from './content-encoding';
import type { AppEnv } from './context';
import { createHintedPages, hintLinks, languageFromCookie, parseRouteHints, withHints } from './route-hints';
import { SECURITY_HEADERS } from './security-headers';
import { wholeAnswer } from './whole-answer';
import { ROUTE_HINTS_FILE } from '../../src/config/route-hints';

// Vite names built files "<name>-<hash>.<ext>": those never change, so browsers may keep them.
const HASHED = /-[\w-]{8,}\.\w+$/;
const isApi = (p: string) => p === '/api' || p.startsWith('/api/');
/** A name starting with a dot is the build's own, never the app's: Vite's .vite/manifest.json names
 * the source files of every chunk (read by the build test, ADR 082). Decoded, so %2e is a dot too. */
const isHidden = (p: string) => {
  try {
    return /(^|\/)\./.test(decodeURIComponent(p));
  } catch {
    return true;
  }
};
const isFile = (p: string) => p.startsWith('/assets/') || /\.(js|mjs|css|map|json|woff2?|png|svg|jpe?g|ico|txt)$/.test(p);

const fileStats = (file: string): Stats | null => {
  try {
    const stats = statSync(file);
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
};

/** The request path as a file under root, or null when it is not a plain path inside it. */
function fileFor(root: string, requestPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURI(requestPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\') || /(^|\/)\.{1,2}(\/|$)/.test(decoded)) return null;
  const file = path.join(root, decoded);
  return file.startsWith(root + path.sep) ? file : null;
}

/**
 * The build's precompressed siblings of `file` (build/precompress.ts) that are not older than the
 * file itself: a stale sibling from an earlier build must never stand in for a newer file.
 */
function encodedSiblings(file: string, stats: Stats): Partial<Record<ContentCoding, string>> {
  const siblings: Partial<Record<ContentCoding, string>> = {};
  for (const coding of CONTENT_CODINGS) {
    const sibling = file + PRECOMPRESSED_SUFFIX[coding];
    const siblingStats = fileStats(sibling);
    if (siblingStats && siblingStats.mtimeMs >= stats.mtimeMs) siblings[coding] = sibling;
  }
  return siblings;
}

/**
 * Answers with the precompressed body that the request's Accept-Encoding asks for (br before
 * gzip), or returns null when the identity body must be sent. Either way a file that has encoded
 * siblings varies by Accept-Encoding, so caches keep one copy per coding.
 */
async function sendPrecompressed(c: Context<AppEnv>, file: string, stats: Stats): Promise<Response | null> {
  const siblings = encodedSiblings(file, stats);
  const available = CONTENT_CODINGS.filter((coding) => siblings[coding]);
  if (available.length === 0) return null;
  c.header('Vary', varyOnAcceptEncoding(c.res.headers.get('Vary')));
  // A range names bytes of the identity body: leave ranges to serveStatic's identity answer.
  if (c.req.header('Range')) return null;
  const coding = chooseContentCoding(c.req.header('Accept-Encoding'), available);
  const sibling = coding && siblings[coding];
  if (!coding || !sibling) return null;
  const body = await readFile(sibling);
  c.header('Content-Type', getMimeType(file) ?? 'application/octet-stream');
  c.header('Content-Encoding', coding);
  c.header('Content-Length', String(body.length));
  c.header('Last-Modified', stats.mtime.toUTCString());
  return c.req.method === 'HEAD' ? c.body(null, 200) : c.body(body, 200);
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

interface HashedAsset {
  file: string;
  stats: Stats;
  siblings: Partial<Record<ContentCoding, string>>;
  codings: ContentCoding[];
  answers: Partial<Record<ContentCoding | 'identity', { body: Buffer; headers: Record<string, string> }>>;
}

/**
 * ADR 053: the hashed files (/assets/<name>-<hash>.<ext>) never change under their name, so their
 * answers are built once, whole (body, length and every header, the security headers included), and
 * kept in memory. A first page asks for ten to twenty of them at once; through serveStatic each cost
 * three stats, a read and the headers set one by one (about 0.7 ms of the server's time), and the
 * last in the queue waited for the others. Files over 2 MB and anything past 64 MB in all are served
 * as before.
 */
function createHashedAssets(root: string, maxFileBytes = 2 * 1024 * 1024, maxTotalBytes = 64 * 1024 * 1024) {
  const assets = new Map<string, HashedAsset>();
  let total = 0;
  return (requestPath: string, acceptEncoding: string | undefined): { body: Buffer; headers: Record<string, string> } | null => {
    let asset = assets.get(requestPath);
    if (!asset) {
      const file = fileFor(root, requestPath);
      const stats = file ? fileStats(file) : null;
      if (!file || !stats || stats.size > maxFileBytes) return null;
      const siblings = encodedSiblings(file, stats);
      asset = { file, stats, siblings, codings: CONTENT_CODINGS.filter((coding) => siblings[coding]), answers: {} };
      assets.set(requestPath, asset);
    }
    const coding = chooseContentCoding(acceptEncoding, asset.codings) ?? 'identity';
    let answer = asset.answers[coding];
    if (!answer) {
      if (total > maxTotalBytes) return null;
      let body: Buffer;
      try {
        body = readFileSync(coding === 'identity' ? asset.file : asset.siblings[coding]!);
      } catch {
        return null;
      }
      total += body.length;
      const headers: Record<string, string> = {
        ...SECURITY_HEADERS,
        'cache-control': IMMUTABLE,
        'content-type': getMimeType(asset.file) ?? 'application/octet-stream',
        'content-length': String(body.length),
        'last-modified': asset.stats.mtime.toUTCString(),
        ...(asset.codings.length > 0 ? { vary: 'Accept-Encoding' } : {}),
        ...(coding === 'identity' ? { 'accept-ranges': 'bytes' } : { 'content-encoding': coding }),
      };
      answer = { body, headers };
      asset.answers[coding] = answer;
    }
    return answer;
  };
}

/**
 * The built SPA (dist/): its files, and index.html for any other GET outside /api so the client
 * router handles deep links. Hashed /assets/* are cached for a year; index.html is revalidated.
 * Text files are sent as the build precompressed them when the client accepts it (ADR 015).
 */
export function serveSpa(app: Hono<AppEnv>, staticDir: string): void {
  const root = path.resolve(staticDir);
  const indexFile = path.join(root, 'index.html');
  // Read on each request (a small, OS-cached file) so a rebuild never serves an index.html that
  // points at chunks which no longer exist.
  const readIndex = () => (existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null);

  // The first pages' hints (ADR 043), read again when a rebuild writes a new file.
  const hintsFile = path.join(root, ROUTE_HINTS_FILE);
  let hints: { mtimeMs: number; list: ReturnType<typeof parseRouteHints> } | null = null;
  const routeHints = () => {
    const stats = fileStats(hintsFile);
    if (!stats) return [];
    if (hints?.mtimeMs !== stats.mtimeMs) {
      try {
        hints = { mtimeMs: stats.mtimeMs, list: parseRouteHints(readFileSync(hintsFile, 'utf8')) };
      } catch {
        // A broken file costs only the hints: the page loads its chunks itself, as without them.
        hints = { mtimeMs: stats.mtimeMs, list: [] };
      }
    }
    return hints.list;
  };
  const hintedPages = createHintedPages();
  /** A built stylesheet's text by its href ("/assets/s-….css"), for the first pages' HTML (ADR 053). */
  const readStyle = (href: string): string | undefined => {
    const file = href.endsWith('.css') ? fileFor(root, href) : null;
    if (!file) return undefined;
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return undefined;
    }
  };
  /** The page's HTML with its hints, in the coding the request accepts; null when it has none. */
  const hintedPage = (c: Context<AppEnv>, indexStats: Stats): Response | null => {
    const hint = routeHints().find((h) => h.test.test(c.req.path));
    if (!hint) return null;
    const language = languageFromCookie(c.req.header('Cookie'));
    const page = hintedPages(`${indexStats.mtimeMs}:${hint.pattern}:${language}`, () => withHints(readIndex() ?? '', hintLinks(hint, language, readStyle)));
    const coding = chooseContentCoding(c.req.header('Accept-Encoding'), CONTENT_CODINGS);
    const body = coding ? page[coding] : page.identity;
    // The hints follow the language cookie: caches keep one copy per cookie and coding.
    c.header('Vary', 'Accept-Encoding, Cookie');
    c.header('Content-Type', 'text/html; charset=UTF-8');
    if (coding) c.header('Content-Encoding', coding);
    c.header('Content-Length', String(body.length));
    return c.req.method === 'HEAD' ? c.body(null, 200) : c.body(new Uint8Array(body), 200);
  };

  // No directory index: directories (and "/") fall through to the SPA answer below.
  const files = serveStatic({ root, index: 'no-directory-index.invalid' });
  const hashedAssets = createHashedAssets(root);
  const staticFiles: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (isApi(c.req.path)) return next();
    if (isHidden(c.req.path)) return c.notFound();
    const hashed = c.req.path.startsWith('/assets/') && HASHED.test(c.req.path);
    // A range names bytes of the identity body: serveStatic answers it.
    if (hashed && c.req.method === 'GET' && !c.req.header('Range')) {
      const answer = hashedAssets(c.req.path, c.req.header('Accept-Encoding'));
      if (answer) return wholeAnswer(answer.body, 200, answer.headers);
    }
    // Set before serving: headers set once the file's response exists would be lost.
    c.header('Cache-Control', hashed ? IMMUTABLE : 'public, max-age=0, must-revalidate');
    if (c.req.method === 'GET' || c.req.method === 'HEAD') {
      const file = fileFor(root, c.req.path);
      const stats = file ? fileStats(file) : null;
      if (file && stats) {
        const precompressed = await sendPrecompressed(c, file, stats);
        if (precompressed) return precompressed;
      }
    }
    return files(c, next);
  };
  app.use('*', staticFiles);
  app.get('*', async (c) => {
    // A missing file (an old chunk, a mistyped asset) is a 404, not the app's HTML: a browser would
    // otherwise fail on a module script with MIME type text/html.
    const html = isApi(c.req.path) || isFile(c.req.path) ? null : readIndex();
    if (html === null) return c.notFound();
    c.header('Cache-Control', 'no-cache');
    const stats = fileStats(indexFile);
    const hinted = stats ? hintedPage(c, stats) : null;
    if (hinted) return hinted;
    const precompressed = stats ? await sendPrecompressed(c, indexFile, stats) : null;
    if (precompressed) return precompressed;
    return c.html(html, 200);
  });
}
