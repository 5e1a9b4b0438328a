import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono, MiddlewareHandler } from 'hono';
import type { AppEnv } from './context';

// Vite names built files "<name>-<hash>.<ext>": those never change, so browsers may keep them.
const HASHED = /-[\w-]{8,}\.\w+$/;
const isApi = (p: string) => p === '/api' || p.startsWith('/api/');
const isFile = (p: string) => p.startsWith('/assets/') || /\.(js|mjs|css|map|json|woff2?|png|svg|jpe?g|ico|txt)$/.test(p);

/**
 * The built SPA (dist/): its files, and index.html for any other GET outside /api so the client
 * router handles deep links. Hashed /assets/* are cached for a year; index.html is revalidated.
 */
export function serveSpa(app: Hono<AppEnv>, staticDir: string): void {
  const root = path.resolve(staticDir);
  const indexFile = path.join(root, 'index.html');
  // Read on each request (a small, OS-cached file) so a rebuild never serves an index.html that
  // points at chunks which no longer exist.
  const readIndex = () => (existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null);

  // No directory index: directories (and "/") fall through to the SPA answer below.
  const files = serveStatic({ root, index: 'no-directory-index.invalid' });
  const staticFiles: MiddlewareHandler<AppEnv> = (c, next) => {
    if (isApi(c.req.path)) return next();
    // Set before serving: headers set once the file's response exists would be lost.
    const hashed = c.req.path.startsWith('/assets/') && HASHED.test(c.req.path);
    c.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate');
    return files(c, next);
  };
  app.use('*', staticFiles);
  app.get('*', (c) => {
    // A missing file (an old chunk, a mistyped asset) is a 404, not the app's HTML: a browser would
    // otherwise fail on a module script with MIME type text/html.
    const html = isApi(c.req.path) || isFile(c.req.path) ? null : readIndex();
    if (html === null) return c.notFound();
    return c.html(html, 200, { 'Cache-Control': 'no-cache' });
  });
}
