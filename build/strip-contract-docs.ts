import { parseSync, type Plugin } from 'vite';

// ADR 008 and 018: a route contract is declared once, for the server (validation, the OpenAPI
// document) and for the client. The browser reads only a contract's method, path and the content
// of its success answers (call-route.ts); the rest is the server's. The browser build therefore
// leaves out, in the contract files only:
// - the document's texts: `summary`, `description`, each answer's description (emptied);
// - `tags` and `security` (the document's), and `request` (the server validates requests; the
//   browser's request types come from the compiler, not from these values at run time);
// - the documented error answers (`...errorResponses.x`): the client reads errors through http.ts;
// - the schemas of raw answers (bytes and streams the browser does not parse), kept as media types.
// So the first page's contracts (app config, current user) carry no prose and pull no schema the
// browser never runs. The server does not go through Vite and keeps every word: `/api/openapi.json`
// is unchanged. Vitest does not run this plugin either: tests see the contracts as written.

/** The contract files: every `src/api/schemas/<feature>.routes.ts`, and the helpers' module. */
const CONTRACT_FILE = /[\\/]src[\\/]api[\\/](?:schemas[\\/][^\\/]+\.routes\.ts|route-contract\.ts)$/;

/** The response helpers of route-contract.ts whose first argument is the answer's description. */
const DESCRIBED = ['json', 'text', 'empty', 'raw', 'error'];
/** The helpers of route-contract.ts the browser build rewrites: those, and `route` (an identity). */
const HELPERS = [...DESCRIBED, 'route'];
/** Contract keys whose literal text is the document's. */
const DOC_TEXTS = new Set(['summary', 'description']);
/** What a contract's `request` may declare. `upload` and `form` too: the browser sends the Blob it is given
 * (call-route.ts), and the compiler, not this list, says when a call needs one. */
const REQUEST_PARTS = new Set(['params', 'query', 'body', 'upload', 'form']);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
const isText = (node: unknown): boolean =>
  isNode(node) &&
  ((node.type === 'Literal' && typeof node.value === 'string') ||
    node.type === 'TemplateLiteral' ||
    // 'a' + 'b', liked ? 'Like …' : 'Unlike …'
    (node.type === 'BinaryExpression' && node.operator === '+' && isText(node.left) && isText(node.right)) ||
    (node.type === 'ConditionalExpression' && isText(node.consequent) && isText(node.alternate)));
const nameOf = (node: unknown): string | undefined => {
  if (!isNode(node)) return undefined;
  if (node.type === 'Identifier') return node.name as string;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  return undefined;
};
const propertiesOf = (node: unknown): Node[] => (isNode(node) && node.type === 'ObjectExpression' ? (node.properties as Node[]) : []);
const keyOf = (node: Node): string | undefined => (node.type === 'Property' && !node.computed ? nameOf(node.key) : undefined);

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
 * Local name → helper, for the response helpers a file calls: the ones it imports from
 * route-contract (under whatever local name), or, in route-contract.ts itself, its own.
 */
function describedHelpers(program: Node, ownFile: boolean): Map<string, string> {
  if (ownFile) return new Map(DESCRIBED.map((name) => [name, name]));
  const helpers = new Map<string, string>();
  for (const statement of program.body as Node[]) {
    if (statement.type !== 'ImportDeclaration' || !/(^|\/)route-contract(\.ts)?$/.test((statement.source as Node).value as string)) continue;
    for (const specifier of statement.specifiers as Node[]) {
      const imported = nameOf(specifier.imported);
      if (specifier.type === 'ImportSpecifier' && imported && HELPERS.includes(imported)) helpers.set(nameOf(specifier.local)!, imported);
    }
  }
  return helpers;
}

/**
 * Whether a property or spread is one the browser build leaves out (see the top of this file).
 * `inContract`: it is a property of a contract (an object with a `path`), where even a text held in
 * a variable (`summary` passed to a local contract builder) is the document's.
 */
function isServerOnly(node: Node, inContract: boolean): boolean {
  const key = keyOf(node);
  const value = node.value as Node;
  if (key && DOC_TEXTS.has(key)) return isText(value) || (value.type === 'Identifier' && inContract);
  if (key === 'tags') return value.type === 'ArrayExpression';
  if (key === 'security') return value.type === 'ArrayExpression' || nameOf(value) === 'bearerSecurity';
  if (key === 'request') return value.type === 'ObjectExpression' && propertiesOf(value).every((part) => REQUEST_PARTS.has(keyOf(part) ?? ''));
  if (node.type === 'SpreadElement') {
    // ...errorResponses.notFound, ...errorResponses.forbiddenOr('reason')
    const argument = node.argument as Node;
    const target = argument.type === 'CallExpression' ? (argument.callee as Node) : argument;
    return target.type === 'MemberExpression' && nameOf(target.object) === 'errorResponses';
  }
  return false;
}

/**
 * The contract file's code for the browser: what only the server reads left out (see the top of
 * this file), everything else as written. Same statements and exports, so it bundles as before.
 */
export function stripContractDocs(code: string, fileName: string): string {
  const { program, errors } = parseSync(fileName, code);
  if (errors.length > 0) throw new Error(`${fileName}: cannot parse to strip the contract texts: ${errors[0].message}`);
  const helpers = describedHelpers(program as unknown as Node, /route-contract\.ts$/.test(fileName));
  const removed: Node[] = [];
  const emptied: Node[] = [];
  const unwrapped: Node[] = [];
  const objects = new Map<string, Node>();
  walk(program, (node) => {
    if (node.type === 'ObjectExpression') {
      const properties = node.properties as Node[];
      const inContract = properties.some((p) => keyOf(p) === 'path');
      removed.push(...properties.filter((p) => isServerOnly(p, inContract)));
    }
    // const common = { tags: [...], security: bearerSecurity } as const: spread into each contract.
    if (node.type === 'VariableDeclarator' && isNode(node.init)) {
      const init = node.init.type === 'TSAsExpression' || node.init.type === 'TSSatisfiesExpression' ? (node.init.expression as Node) : node.init;
      if (init.type === 'ObjectExpression' && nameOf(node.id)) objects.set(nameOf(node.id)!, init);
    }
    if (node.type !== 'CallExpression' || (node.callee as Node).type !== 'Identifier') return;
    const helper = helpers.get(nameOf(node.callee)!);
    const [description, content] = node.arguments as Node[];
    // route({ ... }) only keeps the literal types: the object itself is the contract.
    if (helper === 'route' && (node.arguments as Node[]).length === 1 && description.type === 'ObjectExpression') unwrapped.push(node);
    if (helper && helper !== 'route' && isText(description)) emptied.push(description);
    // raw(description, { 'video/mp2t': { schema: bytes } }): the media types stay, the schemas go.
    if (helper === 'raw') for (const media of propertiesOf(content)) removed.push(...propertiesOf(media.value).filter((p) => keyOf(p) === 'schema'));
  });
  // A local object left empty by the above (`common`, a set of error answers) is no longer spread.
  const emptyObjects = new Set([...objects].filter(([, init]) => propertiesOf(init).length > 0 && propertiesOf(init).every((p) => removed.includes(p))).map(([name]) => name));
  walk(program, (node) => {
    if (node.type === 'SpreadElement' && emptyObjects.has(nameOf(node.argument) ?? '')) removed.push(node);
  });
  const within = (node: Node) => removed.some((outer) => outer !== node && outer.start <= node.start && node.end <= outer.end);
  const edits = [
    // A removed property takes its comma with it.
    ...removed.filter((node) => !within(node)).map((node) => ({ start: node.start, end: node.end + /^\s*,?/.exec(code.slice(node.end))![0].length, text: '' })),
    ...emptied.filter((node) => !within(node)).map((node) => ({ start: node.start, end: node.end, text: "''" })),
    // route({ ... }) → ({ ... }): the call's opening and closing, around the untouched object.
    ...unwrapped.flatMap((node) => {
      const object = (node.arguments as Node[])[0];
      return [
        { start: node.start, end: object.start, text: '(' },
        { start: object.end, end: node.end, text: ')' },
      ];
    }),
  ].sort((a, b) => b.start - a.start);
  let out = code;
  for (const edit of edits) out = `${out.slice(0, edit.start)}${edit.text}${out.slice(edit.end)}`;
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
