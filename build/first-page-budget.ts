import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { EVERY_PAGE, FIRST_PAGE_ROUTES, LAYOUT, SIGNED_IN_EXTRAS } from './route-hints.ts';

// ADR 082: what the first pages download before they can render, read from the build's own chunk
// graph (Vite's manifest, dist/.vite/manifest.json), so that a moved file or a new import can never
// silently change it. A page loads: the early script (build/early-script.ts; index.html names it), the entry and
// everything it imports statically, the modules main.tsx imports at boot on every page (the
// session, the tab sync), the default language's catalogue, and the page's route modules as the
// router imports them (for a signed-in page the layout and the session's timeout box too), each
// with everything it imports statically. Chunks loaded later (a dialog after the page has
// settled, ADR 071; a lesson's attachment views, ADR 072) are not the first page's.

/** Beside the manifest: each chunk's largest modules and their minified sizes, so that a page over
 * its budget is explained module by module (ADR 089). Never served, like the manifest. */
export const CHUNK_MODULES_FILE = '.vite/chunk-modules.json';
export type ChunkModules = Record<string, Array<[module: string, bytes: number]>>;

/** Vite plugin: writes CHUNK_MODULES_FILE (the 8 largest modules of each chunk, rendered bytes). */
export function chunkModulesPlugin(): Plugin {
  let root = process.cwd();
  return {
    name: 'agent-academy:chunk-modules',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const listing: ChunkModules = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        listing[chunk.fileName] = Object.entries(chunk.modules)
          .map(([id, m]): [string, number] => [path.relative(root, id).replaceAll(path.sep, '/'), m.renderedLength])
          .sort((a, b) => b[1] - a[1])
          .slice(0, 8);
      }
      this.emitFile({ type: 'asset', fileName: CHUNK_MODULES_FILE, source: JSON.stringify(listing) });
    },
  };
}

/** One chunk of Vite's manifest (the fields read here). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** Issue 44's goal for each first page's JavaScript, in KB gzip. Not met on React yet (ADR 082:
 * React, react-dom and the libraries every first page runs are about 130 KB of it): the bench
 * prints each page's figure against it. */
export const FIRST_PAGE_GOAL_KB = 150;
/**
 * What the build test holds each first page to: its scripts, the count after ADR 089 plus one, and
 * its KB gzip, the figure after ADR 089 with about 2 KB to spare. A change that loads more on a first page
 * fails the test, which names the scripts: move the new code behind a dynamic import, or raise the
 * budget here with the reason in an ADR.
 */
export const FIRST_PAGE_BUDGETS: Readonly<Record<FirstPagePath, { scripts: number; kb: number }>> = {
  // 35 scripts, 190.8 KB after ADR 082 (React 19, the bundler's own split); 13 scripts, 172.7 KB
  // after ADR 089 (the first pages' chunks from the module graph, the sign-in form without react-hook-form);
  // 13 scripts, 170.9 KB with the route titles from the loaded catalogue and React Router's production build (ADR 089, addendum).
  '/login': { scripts: 14, kb: 173 },
  // 31 scripts, 185.1 KB; 33 scripts, 188.2 KB with the CPD progress tile on the home page (issue 45);
  // 15 scripts, 182.9 KB after ADR 089; 15 scripts, 181.5 KB after its addendum.
  '/main': { scripts: 16, kb: 183 },
};
/** The first pages held to the budget. */
export type FirstPagePath = '/login' | '/main';
/** The script index.html names beside the entry (public/, not in the manifest). */
export const EARLY_SCRIPT = 'early-requests.js';
/** The catalogue loaded before the first render of a page in the default language. */
export const DEFAULT_CATALOGUE = 'src/i18n/bundles/en.ts';

/** The modules a first page loads beside the entry, by the router's table (build/route-hints.ts). */
export function firstPageModules(pathname: FirstPagePath): string[] {
  const route = FIRST_PAGE_ROUTES.find((r) => new RegExp(r.pattern).test(pathname));
  if (!route) throw new Error(`first-page budget: no first page matches ${pathname} (build/route-hints.ts FIRST_PAGE_ROUTES)`);
  return [...EVERY_PAGE, DEFAULT_CATALOGUE, ...route.modules, ...(route.modules.includes(LAYOUT) ? SIGNED_IN_EXTRAS : [])];
}

/** The built files (relative to dist/) a page of `modules` loads: the entry's closure and each module's. */
export function pageScripts(manifest: Manifest, modules: readonly string[]): string[] {
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length !== 1) throw new Error(`first-page budget: the manifest has ${entries.length} entries, not one`);
  const files: string[] = [EARLY_SCRIPT];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`first-page budget: ${key} is in no chunk of the build`);
    seen.add(key);
    if (chunk.file.endsWith('.js')) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of [...entries, ...modules]) visit(key);
  return files;
}

export interface FirstPageFigure {
  path: FirstPagePath;
  scripts: Array<{ file: string; gzipBytes: number; largest: ChunkModules[string] }>;
  gzipBytes: number;
}

/** Each first page's scripts and their gzip sizes (level 9, as the bench has always measured), from a built `dist`. */
export function firstPageFigures(dist: string): FirstPageFigure[] {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const modules = JSON.parse(readFileSync(path.join(dist, CHUNK_MODULES_FILE), 'utf8')) as ChunkModules;
  return (Object.keys(FIRST_PAGE_BUDGETS) as FirstPagePath[]).map((pathname) => {
    const scripts = pageScripts(manifest, firstPageModules(pathname)).map((file) => ({ file, gzipBytes: gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length, largest: modules[file] ?? [] }));
    return { path: pathname, scripts, gzipBytes: scripts.reduce((sum, s) => sum + s.gzipBytes, 0) };
  });
}

/** "/login: 9 scripts, 143.2 KB gzip (budget …)", one line per script, and with `modules` each
 * script's largest modules (their KB as rendered, before minifying), what a failing budget shows. */
export function describeFigure(figure: FirstPageFigure, modules = false): string[] {
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  return [
    `${figure.path}: ${figure.scripts.length} scripts, ${kb(figure.gzipBytes)} KB gzip (budget ${FIRST_PAGE_BUDGETS[figure.path].scripts} scripts, ${FIRST_PAGE_BUDGETS[figure.path].kb} KB; issue 44's goal ${FIRST_PAGE_GOAL_KB} KB)`,
    ...figure.scripts.flatMap((s) => [`  ${s.file}: ${kb(s.gzipBytes)} KB`, ...(modules ? s.largest.map(([m, bytes]) => `      ${m}: ${kb(bytes)} KB before minifying`) : [])]),
  ];
}
