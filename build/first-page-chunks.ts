import path from 'node:path';
import { EVERY_PAGE, FIRST_PAGE_ROUTES, LAYOUT, SIGNED_IN_EXTRAS } from './route-hints.ts';

// ADR 089: the first pages' code in a few chunks, named from the module graph and the router's table
// of first pages (build/route-hints.ts), never from path patterns. Left to itself the bundler made
// one chunk per set of dynamic imports that share a module: /login loaded 35 scripts, most under
// 1 KB, each compressed alone (gzip's dictionary starts empty for each file). Here every module a
// first page needs before it renders goes into the chunk named by the set of first pages that need
// it: `first-all` (every page: the entry's static imports and the session, EVERY_PAGE), then
// `first-<pages>` for what only some need (the sign-in page's form; the layout, which the signed-in
// pages share). A moved or renamed file moves with its importers; a module no first page needs
// statically is left to the bundler's ordinary split. The language catalogues are not grouped: a
// page loads only its own language's (route-hints.ts names them per language).

/** The module graph as Rolldown's chunking context reads it. */
export interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** The app's own entry (index.html's module script). */
export const ENTRY = 'src/main.tsx';

/** Every module reachable from `roots` by static imports. */
function staticClosure(graph: ModuleGraph, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/** The first-page chunk of every grouped module, from the graph (computed once per build). */
function firstPageChunks(root: string, graph: ModuleGraph): Map<string, { name: string; pages: number }> {
  const abs = (module: string) => path.resolve(root, module);
  const everyPage = staticClosure(graph, [ENTRY, ...EVERY_PAGE].map(abs));
  const pagesOf = new Map<string, number[]>();
  FIRST_PAGE_ROUTES.forEach((route, index) => {
    const modules = [...route.modules, ...(route.modules.includes(LAYOUT) ? SIGNED_IN_EXTRAS : [])];
    for (const m of staticClosure(graph, modules.map(abs))) {
      if (!everyPage.has(m)) pagesOf.set(m, [...(pagesOf.get(m) ?? []), index]);
    }
  });
  const chunks = new Map<string, { name: string; pages: number }>([...everyPage].map((m) => [m, { name: 'first-all', pages: FIRST_PAGE_ROUTES.length + 1 }]));
  for (const [m, pages] of pagesOf) chunks.set(m, { name: `first-${pages.join('-')}`, pages: pages.length });
  // The entry and the modules the router and main.tsx import dynamically keep chunks of their
  // own: Vite's manifest (the budget, build/first-page-budget.ts) and the route hints find a
  // page's chunk by them.
  for (const m of [ENTRY, ...EVERY_PAGE, ...SIGNED_IN_EXTRAS, ...FIRST_PAGE_ROUTES.flatMap((r) => r.modules)]) chunks.delete(abs(m));
  return chunks;
}

/**
 * `output.codeSplitting.groups`: one group per count of first pages that share a module, the
 * widest first (a group takes its modules' imports with it, so what every page needs must be
 * taken before a group of one page could take it).
 */
export function firstPageChunkGroups(root: string) {
  let chunks: ReturnType<typeof firstPageChunks> | null = null;
  return Array.from({ length: FIRST_PAGE_ROUTES.length + 1 }, (_, i) => FIRST_PAGE_ROUTES.length + 1 - i).map((pages) => ({
    debugName: `first-page-${pages}`,
    priority: pages,
    name: (id: string, graph: ModuleGraph): string | null => {
      chunks ??= firstPageChunks(root, graph);
      const chunk = chunks.get(id);
      return chunk?.pages === pages ? chunk.name : null;
    },
  }));
}
