import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { XSRF_COOKIE } from '../src/config/constants';
import { SECURITY_HEADERS } from './http/security-headers';
import { isWholeAnswer } from './http/whole-answer';
import { createTestContext, TEST_SECRET, type TestContext } from './test-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('security headers', () => {
  it.each(['/api/app-config', '/api/nowhere', '/api/docs'])('are on every response (%s)', async (url) => {
    const res = await ctx.request(url);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    // A form (or an injected one) can post only to this origin.
    expect(csp).toContain("form-action 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('allow no inline script', async () => {
    const csp = (await ctx.request('/api/app-config')).headers.get('content-security-policy')!;
    const scriptSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src'));
    expect(scriptSrc).toBe("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('keep API answers out of caches', async () => {
    expect((await ctx.request('/api/app-config')).headers.get('cache-control')).toBe('no-store');
  });

  // ADR 037: a small JSON answer is built whole, its headers in one plain object (whole-answer.ts),
  // and the middleware after the handler leave it. It must carry exactly what they would have set.
  const wireHeaders = (res: Response) => Object.fromEntries([...res.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'set-cookie', 'content-length', 'www-authenticate'].includes(name)));

  it('are the same on a small JSON answer built whole as on one Hono builds, here and on the wire', async () => {
    // With the XSRF cookie a browser holds (without it, the answer gets a new one after the handler).
    await ctx.request('/api/app-config');
    const whole = await ctx.request('/api/nowhere');
    expect(isWholeAnswer(whole)).toBe(true);
    // A 401 sets WWW-Authenticate before its JSON: Hono builds it, and the middleware add the rest.
    const built = await ctx.request('/api/users/current');
    expect(built.status).toBe(401);
    expect(isWholeAnswer(built)).toBe(false);
    expect(wireHeaders(whole)).toEqual(wireHeaders(built));
    expect(whole.headers.get('vary')).toBe('Accept-Encoding');
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(whole.headers.get(name)).toBe(value);
    expect(Number(whole.headers.get('content-length'))).toBe((await whole.arrayBuffer()).byteLength);

    // @hono/node-server writes a whole answer's plain headers without a web Headers object.
    const server = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' });
    try {
      await new Promise((resolve) => server.once('listening', resolve));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const headers = { Cookie: `${XSRF_COOKIE}=${ctx.xsrfCookie()}` };
      const [wireWhole, wireBuilt] = [await fetch(`${base}/api/nowhere`, { headers }), await fetch(`${base}/api/users/current`, { headers })];
      expect(wireHeaders(wireWhole)).toEqual(wireHeaders(whole));
      expect(wireHeaders(wireBuilt)).toEqual(wireHeaders(built));
      expect(await wireWhole.json()).toEqual({ status_code: 404, message: 'The requested resource was not found.' });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('unknown /api routes', () => {
  it('answer 404 JSON, translated', async () => {
    const res = await ctx.request('/api/nowhere');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ status_code: 404, message: 'The requested resource was not found.' });
    const zh = await ctx.request('/api/users/current/nowhere', { headers: { 'X-App-Language': 'zh-HK' } });
    expect(zh.status).toBe(404);
    expect((await zh.json()).message).toBe('找不到所要求的資源。');
  });

  it('answer 404 for a known path with another method', async () => {
    const res = await ctx.request('/api/app-config', { method: 'DELETE' });
    expect(res.status).toBe(404);
    expect((await res.json()).status_code).toBe(404);
  });
});

describe('API reference', () => {
  it('serves the OpenAPI document with every route', async () => {
    const res = await ctx.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        '/api/account_merge/complete',
        '/api/account_merge/preview',
        '/api/account_merge/request',
        '/api/account_merge/undo',
        '/api/achievements',
        '/api/app-config',
        '/api/attachments/{id}',
        '/api/attachments/{id}/finish',
        '/api/attachments/{id}/generate_download',
        '/api/attachments/{id}/like',
        '/api/attachments/{id}/status',
        '/api/attachments/{id}/stream',
        '/api/attachments/{id}/stream_key',
        '/api/audit/identity-checks',
        '/api/auth/2fa/activate',
        '/api/auth/2fa/check',
        '/api/auth/2fa/complete',
        '/api/auth/2fa/deactivate',
        '/api/auth/2fa/info',
        '/api/auth/2fa/verify',
        '/api/auth/forget_password',
        '/api/auth/login',
        '/api/auth/logout',
        '/api/auth/refresh',
        '/api/auth/reset_password',
        '/api/auth/simple_login',
        '/api/certificates',
        '/api/courses',
        '/api/courses/departments',
        '/api/courses/latest',
        '/api/courses/mine',
        '/api/courses/ranking',
        '/api/courses/recommended',
        '/api/courses/search',
        '/api/courses/{id}',
        '/api/courses/{id}/enrol',
        '/api/courses/{id}/feedback-form',
        '/api/courses/{id}/like',
        '/api/courses/{id}/quizzes',
        '/api/courses/{id}/recommendations',
        '/api/cpd/certificates/{rowId}',
        '/api/cpd/claims',
        '/api/cpd/claims/{id}',
        '/api/cpd/claims/{id}/decision',
        '/api/cpd/claims/{id}/evidence',
        '/api/cpd/evidence-replay/{userId}',
        '/api/cpd/ledger',
        '/api/cpd/ledger/rows/{rowId}/evidence',
        '/api/cpd/ledger/{userId}',
        '/api/cpd/report',
        '/api/cpd/report.csv',
        '/api/cpd/statement.csv',
        '/api/cpd/statement.pdf',
        '/api/cpd/team',
        '/api/cpd/team-claims',
        '/api/cpd/team.csv',
        '/api/demo/outbox',
        '/api/files/{token}',
        '/api/home-summary',
        '/api/identity-checks',
        '/api/learning-map',
        '/api/learning-map/catalogue',
        '/api/learning-map/{id}',
        '/api/learning-map/{id}/assignments',
        '/api/learning_history/all',
        '/api/management/assignments',
        '/api/management/downlines',
        '/api/management/enrolments',
        '/api/management/enrolments/approve_all',
        '/api/management/enrolments/{id}/approve',
        '/api/management/enrolments/{id}/reject',
        '/api/management/report',
        '/api/management/report.csv',
        '/api/materials',
        '/api/mock_attempts/{id}',
        '/api/mock_attempts/{id}/answers/{questionId}',
        '/api/mock_attempts/{id}/submit',
        '/api/mock_exams/progress',
        '/api/mock_exams/records',
        '/api/mock_exams/stats',
        '/api/mock_papers',
        '/api/mock_papers/{id}/attempts',
        '/api/new-joiner-welcome',
        '/api/news',
        '/api/notifications',
        '/api/notifications/read',
        '/api/notifications/{id}/read',
        '/api/offline_courses',
        '/api/offline_courses/{id}',
        '/api/offline_courses/{id}/enrolments',
        '/api/offline_enrolments',
        '/api/offline_enrolments/{id}/cancel',
        '/api/offline_sessions/{id}/check_in',
        '/api/offline_sessions/{id}/check_out',
        '/api/offline_sessions/{id}/codes',
        '/api/offline_sessions/{id}/codes/rotate',
        '/api/on_screen_log/course/{id}/total',
        '/api/on_screen_log/{id}',
        '/api/pictures/{name}',
        '/api/quiz_attempts/{id}',
        '/api/quiz_attempts/{id}/answers/{questionId}',
        '/api/quiz_attempts/{id}/submit',
        '/api/quiz_attempts/{id}/pause',
        '/api/quiz_attempts/{id}/resume',
        '/api/quiz_attempts/{id}/certificate',
        '/api/quizzes/{id}',
        '/api/quizzes/{id}/attempts',
        '/api/reading-notes',
        '/api/reading-notes/{id}',
        '/api/recruit_accounts',
        '/api/scorm/{id}/runtime',
        '/api/users/current',
        '/api/users/current/cover',
        '/api/users/current/icon',
        '/api/users/current/password',
        '/api/users/find',
        '/api/users/{id}',
        '/api/verify/{code}',
        '/api/vocabs',
        '/api/vocabs/bookmarks',
        '/api/vocabs/bookmarks/{id}',
        '/api/vocabs/last_update',
        '/api/viewings',
      ].sort(),
    );
    expect(doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('external_id');
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('serves a browsable page whose scripts are files (no inline script, no CDN)', async () => {
    const res = await ctx.request('/api/docs');
    expect(res.status).toBe(200);
    const html = await res.text();
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, inline] of scripts) {
      expect(inline.trim()).toBe('');
      const src = /src="([^"]+)"/.exec(attrs)![1];
      expect(src.startsWith('/api/docs/')).toBe(true);
      const asset = await ctx.request(src);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('content-type')).toMatch(/javascript/);
    }
    expect(html).not.toMatch(/https?:\/\//);
    expect((await ctx.request('/api/docs/swagger-ui.css')).status).toBe(200);
    expect((await ctx.request('/api/docs/package.json')).status).toBe(404);
    expect((await ctx.request('/api/docs/..%2Fpackage.json')).status).toBe(404);
  });
});

describe('static files (deps.staticDir)', () => {
  let dir: string;
  let app: ReturnType<typeof createApp>['app'];
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'aa-dist-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Agent Academy</title><script type="module" src="/assets/index-AbCd1234.js"></script>');
    writeFileSync(path.join(dir, 'assets', 'index-AbCd1234.js'), 'console.log(1)');
    writeFileSync(path.join(dir, 'assets', 'placeholder-profile.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    ({ app } = createApp({ config: ctx.config, db: ctx.database.db, secret: TEST_SECRET, mailer: ctx.services.mailer, staticDir: dir, log: () => {} }));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('serves built files, hashed assets cached for a year', async () => {
    const res = await app.request('/assets/index-AbCd1234.js');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('console.log(1)');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const svg = await app.request('/assets/placeholder-profile.svg');
    expect(svg.status).toBe(200);
    expect(svg.headers.get('cache-control')).not.toMatch(/immutable/);
  });

  it.each(['/', '/login', '/main', '/courses/all', '/setting/reset-password'])('answers index.html for %s (SPA fallback)', async (url) => {
    const res = await app.request(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('<title>Agent Academy</title>');
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers 404 for a missing file instead of the app, and a rebuilt index.html at once', async () => {
    const missing = await app.request('/assets/index-Old00000.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type') ?? '').not.toMatch(/text\/html/);
    expect((await app.request('/favicon.ico')).status).toBe(404);

    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Agent Academy</title><!-- rebuilt -->');
    expect(await (await app.request('/main')).text()).toContain('rebuilt');
  });

  it('keeps /api answers JSON', async () => {
    const res = await app.request('/api/nowhere');
    expect(res.status).toBe(404);
    expect((await res.json()).status_code).toBe(404);
    expect((await app.request('/api/app-config')).status).toBe(200);
  });
});
