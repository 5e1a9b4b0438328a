import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildImportGraph, findRuntimeCycles, listSourceFiles, parseImports, type ImportEdge, type ImportGraph } from './import-graph';

// ADR 023: no runtime import cycle in src/ or server/. A cycle makes the evaluation order of its
// modules depend on which one is imported first (a `const` read before it is initialised throws),
// and it ties two features together so neither can move alone. Type-only imports are erased at
// build and dynamic import() loads later, so neither can close a cycle.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('import cycles', () => {
  it('finds none among the runtime imports of src/ and server/', () => {
    const graph = buildImportGraph(root, listSourceFiles(root, ['src', 'server']));
    expect(graph.size).toBeGreaterThan(300);
    const cycles = findRuntimeCycles(graph).map((cycle) => cycle.join(' → '));
    expect(cycles, `runtime import cycles (move the shared part into a module of its own):\n${cycles.join('\n')}`).toEqual([]);
  }, 60_000); // parses some 500 files: seconds on an idle machine, more on a busy CI runner

  // The checker itself, on small graphs: it must see a cycle to be worth anything.
  const edge = (resolved: string, more: { typeOnly?: boolean; dynamic?: boolean } = {}): ImportEdge => ({
    specifier: `./${resolved}`,
    resolved,
    typeOnly: more.typeOnly ?? false,
    dynamic: more.dynamic ?? false,
    line: 1,
  });
  const graphOf = (edges: Record<string, ImportEdge[]>): ImportGraph => new Map(Object.entries(edges));

  it('reports a two-file cycle and a longer one, each once', () => {
    const graph = graphOf({
      'a.ts': [edge('b.ts')],
      'b.ts': [edge('a.ts')],
      'c.ts': [edge('d.ts')],
      'd.ts': [edge('e.ts')],
      'e.ts': [edge('c.ts'), edge('a.ts')],
      'f.ts': [edge('f.ts')],
    });
    expect(findRuntimeCycles(graph).sort()).toEqual([
      ['a.ts', 'b.ts', 'a.ts'],
      ['c.ts', 'd.ts', 'e.ts', 'c.ts'],
      ['f.ts', 'f.ts'],
    ]);
  });

  it('ignores type-only and dynamic imports, and packages', () => {
    const graph = graphOf({
      'a.ts': [edge('b.ts'), { ...edge('x'), resolved: null }],
      'b.ts': [edge('a.ts', { typeOnly: true })],
      'c.ts': [edge('d.ts')],
      'd.ts': [edge('c.ts', { dynamic: true })],
    });
    expect(findRuntimeCycles(graph)).toEqual([]);
  });

  it('reads type-only, mixed and side-effect imports from the source', () => {
    const source = [
      "import type { A } from './a';",
      "import { type B1, type B2 } from './b';",
      "import { type C1, c2 } from './c';",
      "import './d';",
      "export type { E } from './e';",
      "export * from './f';",
      "export const g = () => import('./g');",
    ].join('\n');
    const edges = parseImports(root, 'src/x.ts', source);
    expect(edges.map(({ specifier, typeOnly, dynamic }) => ({ specifier, typeOnly, dynamic }))).toEqual([
      { specifier: './a', typeOnly: true, dynamic: false },
      { specifier: './b', typeOnly: true, dynamic: false },
      { specifier: './c', typeOnly: false, dynamic: false },
      { specifier: './d', typeOnly: false, dynamic: false },
      { specifier: './e', typeOnly: true, dynamic: false },
      { specifier: './f', typeOnly: false, dynamic: false },
      { specifier: './g', typeOnly: false, dynamic: true },
    ]);
  });
});
