import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stripContractDocs, stripContractDocsPlugin } from './strip-contract-docs';

const contract = `import { z } from 'zod/mini';
import { bearerSecurity, empty, errorResponses, json as answer, raw, route } from '../route-contract';
import { text } from './bounds.schema';

const common = { tags: ['things'], security: bearerSecurity } as const;
const authErrors = { ...errorResponses.unauthorized, ...errorResponses.forbiddenOr('the user is not an auditor') } as const;
const idSchema = text({ error: 'validation:id_invalid' });
export const getThingRoute = route({
  ...common,
  method: 'get',
  path: '/api/things/:id',
  summary: 'A thing – with § and → in its summary',
  description: \`Several lines,
with a \${'template'}\`,
  request: { params: z.object({ id: idSchema }) },
  responses: {
    200: answer('The thing', z.object({ description: z.string(), tags: z.array(z.string()) })),
    204: empty(\`Nothing\`),
    ...errorResponses.notFound,
    ...authErrors,
  },
});
export const getBytesRoute = route({
  method: 'get',
  path: '/api/things/:id/bytes',
  summary: 'The bytes',
  responses: { 200: raw('The stored bytes', { 'application/octet-stream': { schema: z.file() } }) },
});
const listRoute = (path: string, summary: string) => route({ method: 'get', path, summary, responses: { 200: answer('A page', z.array(z.string())) } });
export const listThingsRoute = listRoute('/api/things', 'Every thing');
`;

describe('stripContractDocs', () => {
  const out = stripContractDocs(contract, '/app/src/api/schemas/things.routes.ts');

  it('leaves out the document texts, tags, security, request, error answers and raw schemas', () => {
    for (const serverOnly of ['A thing', 'Several lines', 'The thing', 'Nothing', 'not an auditor', 'The bytes', "summary: '", 'summary,', "tags: ['things']", 'security:', 'request:', 'errorResponses.', 'z.file()', '...common', '...authErrors']) {
      expect(out).not.toContain(serverOnly);
    }
  });

  it('keeps what the browser reads: method, path and the success answers with their schemas', () => {
    const flat = out.replace(/\s+/g, ' ');
    expect(flat).toContain(
      "export const getThingRoute = ({ method: 'get', path: '/api/things/:id', responses: { 200: answer('', z.object({ description: z.string(), tags: z.array(z.string()) })), 204: empty(''), }, });",
    );
    // A text passed to a local builder is left where it is written, but not put into the contract.
    expect(flat).toContain("const listRoute = (path: string, summary: string) => ({ method: 'get', path, responses: { 200: answer('', z.array(z.string())) } });");
    expect(flat).toContain("export const getBytesRoute = ({ method: 'get', path: '/api/things/:id/bytes', responses: { 200: raw('', { 'application/octet-stream': { } }) }, });");
    // Statements and exports stay: the module bundles as before, its unused locals are dropped.
    expect(out).toContain("const idSchema = text({ error: 'validation:id_invalid' });");
    expect(flat).toContain('const common = { } as const;');
  });

  it('leaves out an upload’s media types with the rest of the request', () => {
    const upload = "export const putPictureRoute = route({ method: 'put', path: '/api/pictures', summary: 'Upload', request: { upload: ['image/png'] }, responses: { 204: empty('Kept') } });";
    const flat = stripContractDocs(`import { empty, route } from '../route-contract';\n${upload}`, '/app/src/api/schemas/pictures.routes.ts').replace(/\s+/g, ' ');
    expect(flat).toContain("export const putPictureRoute = ({ method: 'put', path: '/api/pictures', responses: { 204: empty('') } });");
  });

  it('empties the helpers of route-contract.ts itself, not a text() of the bounds schema', () => {
    const helpers = "const error = (description: string) => json(description, apiErrorSchema);\nexport const e = { notFound: { 404: error('Not found') } };\nconst t = text('Plain');";
    expect(stripContractDocs(helpers, '/app/src/api/route-contract.ts')).toContain("error('')");
    expect(stripContractDocs(helpers, '/app/src/api/route-contract.ts')).toContain("text('')");
    // In a contract file, text() is the bounds schema's unless it is imported from route-contract.
    expect(stripContractDocs("import { text } from './bounds.schema';\nconst t = text('Plain');", '/app/src/api/schemas/x.routes.ts')).toContain("text('Plain')");
  });

  it('leaves every real contract file parseable, with its paths and without its texts', () => {
    const dir = path.resolve(__dirname, '../src/api/schemas');
    const files = readdirSync(dir).filter((f) => f.endsWith('.routes.ts'));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const source = readFileSync(path.join(dir, file), 'utf8');
      const stripped = stripContractDocs(source, path.join(dir, file));
      expect(() => stripContractDocs(stripped, path.join(dir, file)), file).not.toThrow();
      expect(stripped, file).not.toMatch(/summary: ['"`]|description: ['"`]|errorResponses\.|\broute\(\{/);
      expect(stripped.match(/path: '\/api\/[^']*'/g), file).toEqual(source.match(/path: '\/api\/[^']*'/g));
    }
  });
});

describe('stripContractDocsPlugin', () => {
  const plugin = stripContractDocsPlugin();
  const transform = plugin.transform as (code: string, id: string) => { code: string } | null;

  it('runs in the browser build only, on the contract files only', () => {
    expect(plugin.apply).toBe('build');
    expect(transform(contract, '/app/src/api/schemas/things.schema.ts')).toBeNull();
    expect(transform(contract, '/app/src/api/things.api.ts')).toBeNull();
    expect(transform(contract, '/app/src/api/schemas/things.routes.ts')!.code).not.toContain('A thing');
    expect(transform('export const x = json(`The answer`, s);', '/app/src/api/route-contract.ts')!.code).toContain("json('', s)");
  });
});
