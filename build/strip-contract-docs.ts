import { parseSync, type Plugin } from 'vite';

// ADR 008 and 018: a route contract is declared once, with the texts of the OpenAPI document
// (an operation's `summary` and `description`, each answer's description). Only the server's
// document reads those texts; the browser reads a contract's method, path and answer schemas. The
// browser build therefore empties them: the contracts the first page calls (app config, current
// user) stop carrying prose, and the server, which does not go through Vite, keeps every word
// (`/api/openapi.json` is unchanged). Tests run the contracts as written.

/** The contract files: every `src/api/schemas/<feature>.routes.ts`, and the helpers' module. */
const CONTRACT_FILE = /[\\/]src[\\/]api[\\/](?:schemas[\\/][^\\/]+\.routes\.ts|route-contract\.ts)$/;

/** The response helpers of route-contract.ts whose first argument is the answer's description. */
const DESCRIBED = new Set(['json', 'text', 'empty', 'raw', 'error']);
/** Contract keys whose value is document text. */
const DOC_KEYS = new Set(['summary', 'description']);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
const isText = (node: unknown): node is Node => isNode(node) && ((node.type === 'Literal' && typeof node.value === 'string') || node.type === 'TemplateLiteral');
const nameOf = (node: unknown): string | undefined => {
  if (!isNode(node)) return undefined;
  if (node.type === 'Identifier') return node.name as string;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  return undefined;
};

function walk(value: unknown, visit: (node: Node) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) walk(item, visit);
    return;
  }
  if (!isNode(value)) return;
  visit(value);
  for (const [key, child] of Object.entries(value)) if (key !== 'parent' && typeof child === 'object') walk(child, visit);
}

/**
 * The names under which a file calls the response helpers: the ones it imports from
 * route-contract (under whatever local name), or, in route-contract.ts itself, its own.
 */
function describedHelpers(program: Node, ownFile: boolean): Set<string> {
  if (ownFile) return new Set(DESCRIBED);
  const names = new Set<string>();
  for (const statement of program.body as Node[]) {
    if (statement.type !== 'ImportDeclaration' || !/(^|\/)route-contract(\.ts)?$/.test((statement.source as Node).value as string)) continue;
    for (const specifier of statement.specifiers as Node[]) {
      if (specifier.type === 'ImportSpecifier' && DESCRIBED.has(nameOf(specifier.imported) ?? '')) names.add(nameOf(specifier.local)!);
    }
  }
  return names;
}

/**
 * The contract file's code with every document text replaced by '' (same structure, same keys,
 * so the types and the client's reading of the contract do not change). Untouched: paths,
 * methods, tags, schemas and every text that is not a literal in one of these places.
 */
export function stripContractDocs(code: string, fileName: string): string {
  const { program, errors } = parseSync(fileName, code);
  if (errors.length > 0) throw new Error(`${fileName}: cannot parse to strip the contract texts: ${errors[0].message}`);
  const helpers = describedHelpers(program as unknown as Node, /route-contract\.ts$/.test(fileName));
  const texts: Node[] = [];
  walk(program, (node) => {
    if (node.type === 'Property' && !node.computed && DOC_KEYS.has(nameOf(node.key) ?? '') && isText(node.value)) texts.push(node.value);
    if (node.type === 'CallExpression') {
      const [first] = node.arguments as unknown[];
      const callee = node.callee as Node;
      const described =
        (callee.type === 'Identifier' && helpers.has(callee.name as string)) ||
        // errorResponses.forbiddenOr('the reason'): the reason ends up in a 403's description.
        (callee.type === 'MemberExpression' && nameOf(callee.property) === 'forbiddenOr');
      if (described && isText(first)) texts.push(first);
    }
  });
  let out = code;
  for (const text of texts.sort((a, b) => b.start - a.start)) out = `${out.slice(0, text.start)}''${out.slice(text.end)}`;
  return out;
}

/** The Vite plugin: the browser build only (not the dev server, not Vitest, not the server). */
export function stripContractDocsPlugin(): Plugin {
  return {
    name: 'agent-academy:strip-contract-docs',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0];
      if (!CONTRACT_FILE.test(file)) return null;
      return { code: stripContractDocs(code, file), map: null };
    },
  };
}
