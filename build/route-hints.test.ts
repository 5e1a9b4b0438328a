import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_PAGE_ROUTES, routeHints, SIGNED_IN_EXTRAS, type BuiltChunk } from './route-hints';

// ADR 043: which chunks a first page's HTML names, from the build's chunk graph.
const root = '/app';
const id = (p: string) => path.resolve(root, p);
const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], css: string[] = [], isEntry = false): BuiltChunk => ({
  fileName,
  isEntry,
  imports,
  moduleIds: moduleIds.map(id),
  viteMetadata: { importedCss: new Set(css) },
});
const learning = (lang: string) => [`src/i18n/learning/${lang}.ts`, ...['courses', 'quiz', 'feedback-forms', 'attachments', 'lesson', 'scorm'].map((ns) => `src/i18n/locales/${lang}/${ns}.json`)];

const build: BuiltChunk[] = [
  chunk('assets/index-1.js', ['src/main.tsx', 'src/routes/router.tsx'], ['assets/c-shared.js'], ['assets/s-entry.css'], true),
  chunk('assets/c-shared.js', ['node_modules/react-dom/cjs/react-dom-client.production.js']),
  chunk('assets/c-boot.js', ['src/routes/session/session.actor.ts', 'src/routes/session/session-provider.tsx', 'src/routes/session/tab-sync.ts'], ['assets/c-shared.js']),
  chunk('assets/c-layout.js', ['src/routes/layout/layout.route.tsx'], ['assets/c-boot.js', 'assets/c-ui.js'], ['assets/s-layout.css']),
  chunk('assets/c-ui.js', ['src/ui/dialog.tsx'], [], ['assets/s-ui.css']),
  chunk('assets/c-timeout.js', ['src/ui/dialogs/session-timeout-dialog.tsx'], ['assets/c-ui.js'], ['assets/s-timeout.css']),
  chunk('assets/c-sign-in.js', ['src/routes/sign-in/sign-in.route.tsx'], ['assets/c-boot.js'], ['assets/s-sign-in.css']),
  chunk('assets/c-main.js', ['src/routes/main/main.route.tsx']),
  chunk('assets/c-courses.js', ['src/routes/courses/courses.route.tsx']),
  chunk('assets/c-detail.js', ['src/routes/course-detail/course-detail.route.tsx'], ['assets/c-lesson.js']),
  chunk('assets/c-lesson.js', ['src/routes/lesson/lesson.route.tsx']),
  chunk('assets/c-collect.js', ['src/i18n/collect.ts']),
  ...['en', 'zh', 'cn'].flatMap((lang) => [
    chunk(`assets/${lang}-1.js`, [`src/i18n/bundles/${lang}.ts`, `src/i18n/locales/${lang}/common.json`], ['assets/c-collect.js']),
    chunk(`assets/c-learning-${lang}.js`, learning(lang)),
  ]),
];

describe('route hints (build)', () => {
  const hints = routeHints(build, root);
  const hintFor = (pathname: string) => hints.find((h) => new RegExp(h.pattern).test(pathname));

  it('names the page chunks with everything they import, but nothing the entry loads already', () => {
    expect(hintFor('/login')?.scripts.sort()).toEqual(['/assets/c-boot.js', '/assets/c-sign-in.js']);
    expect(hintFor('/main')?.scripts.sort()).toEqual(['/assets/c-boot.js', '/assets/c-layout.js', '/assets/c-main.js', '/assets/c-timeout.js', '/assets/c-ui.js']);
    expect(hintFor('/course/7')?.scripts).toContain('/assets/c-lesson.js');
  });

  it('names their stylesheets', () => {
    // Not the entry's: its text is inlined, and linked disabled by the early script (build/early-script.ts; ADR 053, 074).
    expect(hintFor('/login')?.styles.sort()).toEqual(['/assets/s-sign-in.css']);
    // The timeout box's, which a signed-in page inserts while it first renders.
    expect(hintFor('/main')?.styles.sort()).toEqual(['/assets/s-layout.css', '/assets/s-timeout.css', '/assets/s-ui.css']);
    expect(hintFor('/login')?.styles).not.toContain('/assets/s-timeout.css');
    // The home tiles are drawn inline (ADR 047): nothing to preload.
    expect(hintFor('/main')?.images).toEqual([]);
  });

  it('names each language its own texts; the learning pages add the learning texts', () => {
    expect(hintFor('/login')?.texts).toEqual({ en: ['/assets/en-1.js', '/assets/c-collect.js'], zh: ['/assets/zh-1.js', '/assets/c-collect.js'], cn: ['/assets/cn-1.js', '/assets/c-collect.js'] });
    expect(hintFor('/lesson/1/2')?.texts.zh).toEqual(['/assets/zh-1.js', '/assets/c-collect.js', '/assets/c-learning-zh.js']);
    expect(hintFor('/courses/all')?.texts.cn).toContain('/assets/c-learning-cn.js');
  });

  it('matches the first pages only', () => {
    for (const p of ['/', '/main', '/login', '/courses', '/courses/all', '/courses/mine', '/course/3', '/lesson/3/9']) expect(hintFor(p), p).toBeDefined();
    for (const p of ['/courses/material', '/courses/news', '/lesson/3', '/search', '/setting', '/api/app-config', '/loginx']) expect(hintFor(p), p).toBeUndefined();
  });

  it('fails the build when a page module is in no chunk (a renamed page keeps no stale hint)', () => {
    expect(() => routeHints(build.filter((c) => c.fileName !== 'assets/c-main.js'), root)).toThrow(/main\.route\.tsx is in no chunk/);
  });

  it('names the modules the router imports for those pages', () => {
    const router = readFileSync('src/routes/router.tsx', 'utf8');
    for (const { modules } of FIRST_PAGE_ROUTES) {
      for (const module of modules) expect(router, module).toContain(`import('./${path.relative('src/routes', module).replace(/\.tsx?$/, '')}')`);
    }
  });

  it('names the timeout box as session-provider.tsx imports it', () => {
    const provider = readFileSync('src/routes/session/session-provider.tsx', 'utf8');
    for (const module of SIGNED_IN_EXTRAS) expect(provider).toContain(`import('../../${module.slice('src/'.length).replace(/\.tsx?$/, '')}')`);
  });

  it('preloads no image for /main: its tiles are drawn inline (home-tile-art.tsx, ADR 047)', () => {
    const tiles = readFileSync('src/ui/main/main-view.tsx', 'utf8');
    expect(tiles).not.toMatch(/<img/);
    const main = FIRST_PAGE_ROUTES.find((r) => new RegExp(r.pattern).test('/main'));
    expect(main?.images ?? []).toEqual([]);
  });
});
