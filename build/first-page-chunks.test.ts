import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENTRY, firstPageChunkGroups, type ModuleGraph } from './first-page-chunks';
import { EVERY_PAGE, FIRST_PAGE_ROUTES, LAYOUT, SIGNED_IN_EXTRAS } from './route-hints';

// ADR 089: the first pages' modules grouped by the set of first pages that import them statically.
const root = '/app';
const abs = (m: string) => path.resolve(root, m);
const SIGN_IN = FIRST_PAGE_ROUTES[0].modules[0];
const MAIN = FIRST_PAGE_ROUTES[1].modules[1];

/** A module graph of static imports, by source path. */
function graphOf(edges: Record<string, string[]>): ModuleGraph {
  return { getModuleInfo: (id) => ({ importedIds: (edges[path.relative(root, id)] ?? []).map(abs) }) };
}

/** The group a module falls in: its name and the group's priority, or null. */
function chunkOf(graph: ModuleGraph, module: string): { name: string; priority: number } | null {
  const groups = firstPageChunkGroups(root);
  for (const group of groups) {
    const name = group.name(abs(module), graph);
    if (name) return { name, priority: group.priority };
  }
  return null;
}

const graph = graphOf({
  [ENTRY]: ['react-dom', 'src/router.tsx'],
  [EVERY_PAGE[0]]: ['xstate'],
  [SIGN_IN]: ['src/ui/text-field.tsx', 'src/ui/button.tsx'],
  [LAYOUT]: ['src/ui/side-nav.tsx', 'src/ui/button.tsx'],
  [MAIN]: ['src/ui/main-view.tsx'],
  [SIGNED_IN_EXTRAS[0]]: [],
  'src/ui/side-nav.tsx': ['xstate'],
  'src/ui/main-view.tsx': ['src/ui/text-field.tsx'],
});

describe('the first pages’ chunks (ADR 089)', () => {
  it('puts what the entry and the boot imports need in first-all, the widest group', () => {
    expect(chunkOf(graph, 'react-dom')).toEqual({ name: 'first-all', priority: FIRST_PAGE_ROUTES.length + 1 });
    expect(chunkOf(graph, 'xstate')?.name).toBe('first-all');
  });

  it('names every other module by the first pages that need it, with one priority per count of pages', () => {
    expect(chunkOf(graph, 'src/ui/side-nav.tsx')?.name).toBe(`first-${FIRST_PAGE_ROUTES.flatMap((r, i) => (r.modules.includes(LAYOUT) ? [i] : [])).join('-')}`);
    expect(chunkOf(graph, 'src/ui/text-field.tsx')).toEqual({ name: 'first-0-1', priority: 2 });
    expect(chunkOf(graph, 'src/ui/main-view.tsx')).toEqual({ name: 'first-1', priority: 1 });
  });

  it('leaves the entry, the boot imports and the route modules in chunks of their own, and modules no first page imports statically to the bundler', () => {
    for (const m of [ENTRY, EVERY_PAGE[0], SIGN_IN, LAYOUT, MAIN, SIGNED_IN_EXTRAS[0], 'src/routes/profile.route.tsx']) expect(chunkOf(graph, m), m).toBeNull();
  });
});
