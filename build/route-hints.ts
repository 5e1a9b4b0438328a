import path from 'node:path';
import type { Plugin } from 'vite';
import { ROUTE_HINTS_FILE, type RouteHint } from '../src/config/route-hints.ts';

// ADR 043: the first pages' chunks named in their HTML. The page's chunks are dynamic imports of the
// router: left alone, a browser learns of them only once the entry (75 KB gzip) has arrived and run,
// one round trip after it (150 ms each on Lighthouse's phone network, plus TCP slow start). The
// build writes, for each first page's address, the chunks and stylesheets its first render needs
// (beyond the entry's, which index.html names already) into route-hints.json; the server adds them to
// that page's index.html as <link rel="modulepreload"> and <link rel="preload" as="style">, so they
// load beside the entry (the configuration request too). Vite's own preload helper later finds the
// same <link href> and skips it.

const LANGUAGES = ['en', 'zh', 'cn'] as const;

export const LAYOUT = 'src/routes/layout/layout.route.tsx';
/** What a signed-in page loads at once besides its route modules: the session's timeout box, which
 * session-provider.tsx imports lazily when the session starts. Its stylesheets, inserted while the
 * page first renders, held the first paint until they arrived (a level further down). */
export const SIGNED_IN_EXTRAS = ['src/ui/dialogs/session-timeout-dialog.tsx'];
/** What main.tsx imports beside the configuration on every page (the session, the tab sync). */
export const EVERY_PAGE = ['src/routes/session/session.actor.ts', 'src/routes/session/session-provider.tsx', 'src/routes/session/tab-sync.ts'];

/** The pages people open first (Lighthouse's four among them), with the modules of their first
 * render as router.tsx imports them, and an image that is their largest paint. */
export const FIRST_PAGE_ROUTES: ReadonlyArray<{ pattern: string; modules: string[]; images?: string[]; learningTexts?: boolean }> = [
  { pattern: '^/login/?$', modules: ['src/routes/sign-in/sign-in.route.tsx'] },
  // Its tiles' pictures are drawn inline (ADR 047): no image to preload.
  { pattern: '^/(main/?)?$', modules: [LAYOUT, 'src/routes/main/main.route.tsx'] },
  { pattern: '^/courses(/(all|latest|ranking|recommended|mine))?/?$', modules: [LAYOUT, 'src/routes/courses/courses.route.tsx'], learningTexts: true },
  { pattern: '^/course/[^/]+/?$', modules: [LAYOUT, 'src/routes/course-detail/course-detail.route.tsx'], learningTexts: true },
  { pattern: '^/lesson/[^/]+/[^/]+/?$', modules: [LAYOUT, 'src/routes/lesson/lesson.route.tsx'], learningTexts: true },
];

/** The parts of a built chunk this plugin reads (Rollup's and Rolldown's output chunks both have them). */
export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  imports: string[];
  moduleIds: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** The hints of every first page, from the build's chunks; throws when a module is in no chunk (a
 * renamed page must not quietly lose its hints). */
export function routeHints(chunks: BuiltChunk[], root: string, base = '/'): RouteHint[] {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (from: BuiltChunk[], seen = new Set<string>()): Set<string> => {
    for (const chunk of from) {
      if (seen.has(chunk.fileName)) continue;
      seen.add(chunk.fileName);
      closure(chunk.imports.map((f) => byFile.get(f)).filter((c): c is BuiltChunk => c !== undefined), seen);
    }
    return seen;
  };
  // The entry and what it imports statically are in index.html already.
  const inHtml = closure(chunks.filter((c) => c.isEntry));
  const chunkOf = (module: string): BuiltChunk => {
    const id = path.resolve(root, module);
    const chunk = chunks.find((c) => c.moduleIds.includes(id));
    if (!chunk) throw new Error(`route-hints: ${module} is in no chunk of the build (build/route-hints.ts FIRST_PAGE_ROUTES)`);
    return chunk;
  };
  const bundleOf = (lang: string) => [chunkOf(`src/i18n/bundles/${lang}.ts`)];
  // The learning pages' texts of a language: one module, one chunk (src/routes/courses/courses-namespace.tsx).
  const learningOf = (lang: string) => [chunkOf(`src/i18n/learning/${lang}.ts`)];
  return FIRST_PAGE_ROUTES.map(({ pattern, modules, images = [], learningTexts = false }) => {
    const signedIn = modules.includes(LAYOUT) ? SIGNED_IN_EXTRAS : [];
    const files = [...closure([...EVERY_PAGE, ...modules, ...signedIn].map(chunkOf))].filter((f) => !inHtml.has(f));
    // Not the entry's own: index.html has their text, and a disabled link that keeps Vite's preload
    // helper from linking them again (inline-entry-css.ts, ADR 053).
    const styles = new Set(files.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]));
    const textFiles = (lang: string) => [...closure([...bundleOf(lang), ...(learningTexts ? learningOf(lang) : [])])].filter((f) => !inHtml.has(f) && !files.includes(f));
    const texts = Object.fromEntries(LANGUAGES.map((lang) => [lang, textFiles(lang).map((f) => base + f)]));
    return { pattern, scripts: files.map((f) => base + f), styles: [...styles].map((f) => base + f), images, texts };
  });
}

/** Vite plugin: writes route-hints.json beside index.html (read by server/http/route-hints.ts). */
export function routeHintsPlugin(): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'agent-academy:route-hints',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    // After Vite's own: it removes the chunks that hold only stylesheets (a page's CSS module
    // imported by a module shared between pages), which must not be named (ADR 082).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((o) => o.type === 'chunk') as unknown as BuiltChunk[];
        if (!chunks.some((c) => c.isEntry && c.moduleIds.some((id) => id.endsWith(path.join('src', 'main.tsx'))))) return;
        this.emitFile({ type: 'asset', fileName: ROUTE_HINTS_FILE, source: JSON.stringify(routeHints(chunks, root, base)) });
      },
    },
  };
}
