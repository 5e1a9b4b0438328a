import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PRODUCT_TITLE } from '../../src/config/constants';
import type { ApiApp } from './define-route';
import { openApiDocument, type OpenApiInfo } from './openapi';

// Swagger UI from the installed swagger-ui-dist package: no CDN (the machine may be offline) and
// no inline script (the CSP forbids it), so the initialiser below is served as its own file.
const distDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const INIT_JS = `// Copies the XSRF cookie into X-XSRF-TOKEN so "Try it out" works for POST/PUT/DELETE.
window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: 'StandaloneLayout',
    requestInterceptor: function (req) {
      var m = document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/);
      if (m && req.method && req.method !== 'GET' && req.method !== 'HEAD') req.headers['X-XSRF-TOKEN'] = decodeURIComponent(m[1]);
      return req;
    },
  });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${PRODUCT_TITLE} API</title>
<link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png">
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/swagger-ui-standalone-preset.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

const INFO: OpenApiInfo = {
  title: `${PRODUCT_TITLE} API`,
  version: '1',
  description:
    'Every error answers JSON {status_code, message}; messages follow X-App-Language (en, zh-HK, zh-CN). ' +
    'Every non-GET/HEAD request must send X-XSRF-TOKEN equal to the XSRF-TOKEN cookie the server sets.',
};

export function registerApiDocs(app: ApiApp): void {
  app.get('/api/openapi.json', (c) => c.json(openApiDocument(app.openApiPaths, INFO)));
  app.get('/api/docs', (c) => c.html(PAGE));
  app.get('/api/docs/init.js', (c) => c.body(INIT_JS, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }));
  app.get('/api/docs/:file', async (c, next) => {
    const file = c.req.param('file');
    const type = Object.hasOwn(ASSETS, file) ? ASSETS[file] : undefined;
    if (!type) return next();
    const body = await readFile(path.join(distDir, file));
    return c.body(body, 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=86400' });
  });
}
