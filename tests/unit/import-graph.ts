// The project's import graph, read with the TypeScript compiler API (ADR 023): every static import,
// re-export and dynamic import() of every .ts/.tsx file under the given folders, each marked as
// type-only or not, and resolved to a file of the repository when it is relative.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export type ImportEdge = {
  /** The specifier as written, without a Vite query (`?url`, `?worker`). */
  specifier: string;
  /** The imported file, relative to the root with forward slashes, when the specifier is relative. */
  resolved: string | null;
  /** `import type`, `export type`, or every named binding marked `type`: erased at compile time. */
  typeOnly: boolean;
  /** `import()`: loaded later, so it cannot take part in a cycle at module evaluation. */
  dynamic: boolean;
  line: number;
};

export type ImportGraph = Map<string, ImportEdge[]>;

const SOURCE = /\.(ts|tsx)$/;
const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx'];

export function listSourceFiles(root: string, dirs: string[], skip: (file: string) => boolean = () => false): string[] {
  const files: string[] = [];
  for (const dir of dirs) {
    for (const entry of readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })) {
      const file = `${dir}/${entry.split(path.sep).join('/')}`;
      if (SOURCE.test(file) && !file.endsWith('.d.ts') && !skip(file)) files.push(file);
    }
  }
  return files.sort();
}

function resolve(root: string, from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.posix.join(path.posix.dirname(from), specifier);
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    const full = path.join(root, candidate);
    if (existsSync(full) && statSync(full).isFile()) return candidate;
  }
  return base;
}

function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false; // `import './side-effect'` runs the module
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return Boolean(bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly));
}

function isTypeOnlyExport(node: ts.ExportDeclaration): boolean {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return Boolean(clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly));
}

export function readImports(root: string, file: string): ImportEdge[] {
  return parseImports(root, file, readFileSync(path.join(root, file), 'utf8'));
}

/** The imports of `text`, read as the source of `file` (relative to `root`). */
export function parseImports(root: string, file: string, text: string): ImportEdge[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const edges: ImportEdge[] = [];
  const add = (literal: ts.StringLiteralLike, typeOnly: boolean, dynamic: boolean) => {
    const specifier = literal.text.replace(/\?.*$/, '');
    const line = source.getLineAndCharacterOfPosition(literal.getStart(source)).line + 1;
    edges.push({ specifier, resolved: resolve(root, file, specifier), typeOnly, dynamic, line });
  };
  // Imports and re-exports are top-level statements; only import() and `typeof import()` need the
  // whole tree, and only in the few files that contain one.
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      add(node.arguments[0], false, true);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteralLike(node.argument.literal)) {
      add(node.argument.literal, true, false); // `typeof import('./x')`
    }
    ts.forEachChild(node, visit);
  };
  const hasImportCall = /\bimport\s*\(/.test(text);
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node) && ts.isStringLiteralLike(node.moduleSpecifier)) {
      add(node.moduleSpecifier, isTypeOnlyImport(node), false);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteralLike(node.moduleSpecifier)) {
      add(node.moduleSpecifier, isTypeOnlyExport(node), false);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteralLike(node.moduleReference.expression)) {
      add(node.moduleReference.expression, node.isTypeOnly, false);
    } else if (hasImportCall) {
      visit(node);
    }
  }
  return edges;
}

export function buildImportGraph(root: string, files: string[]): ImportGraph {
  return new Map(files.map((file) => [file, readImports(root, file)]));
}

/**
 * Runtime import cycles: strongly connected components of the graph of static value imports
 * (type-only and dynamic imports left out), each reported as one cycle through its files.
 */
export function findRuntimeCycles(graph: ImportGraph): string[][] {
  const next = (file: string) =>
    [...new Set((graph.get(file) ?? []).filter((e) => !e.typeOnly && !e.dynamic && e.resolved && graph.has(e.resolved)).map((e) => e.resolved as string))];
  // Tarjan's algorithm, iterative so a deep graph cannot overflow the stack.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { file: string; targets: string[]; i: number }[] = [];
    const enter = (file: string) => {
      index.set(file, counter);
      low.set(file, counter);
      counter += 1;
      stack.push(file);
      onStack.add(file);
      work.push({ file, targets: next(file), i: 0 });
    };
    enter(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      if (frame.i < frame.targets.length) {
        const target = frame.targets[frame.i++];
        if (!index.has(target)) enter(target);
        else if (onStack.has(target)) low.set(frame.file, Math.min(low.get(frame.file)!, index.get(target)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].file;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.file)!));
      }
      if (low.get(frame.file) === index.get(frame.file)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.file);
        const selfLoop = next(frame.file).includes(frame.file);
        if (component.length > 1 || selfLoop) components.push(cycleThrough(component, next));
      }
    }
  }
  return components;
}

/** One readable cycle inside a strongly connected component: a → b → … → a. */
function cycleThrough(component: string[], next: (file: string) => string[]): string[] {
  const members = new Set(component);
  const start = [...component].sort()[0];
  // Breadth-first from start back to start, staying inside the component.
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const target of next(file)) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [start];
        for (let at = file; at !== start; at = previous.get(at)!) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!previous.has(target)) {
        previous.set(target, file);
        queue.push(target);
      }
    }
  }
  return [start, start];
}
