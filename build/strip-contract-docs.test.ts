import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stripContractDocs, stripContractDocsPlugin } from './strip-contract-docs';

const contract = `import { z } from 'zod/mini';
import { bearerSecurity, empty, errorResponses, json as answer, route } from '../route-contract';
import { text } from './bounds.schema';

const idSchema = text({ error: 'validation:id_invalid' });
export const getThingRoute = route({
  tags: ['things'],
  security: bearerSecurity,
  method: 'get',
  path: '/api/things/:id',
  summary: 'A thing – with § and → in its summary',
  description: \`Several lines,
with a \${'template'}\`,
  request: { params: z.object({ id: idSchema }) },
  responses: {
    200: answer('The thing', z.object({ description: z.string() })),
    204: empty(\`Nothing\`),
    ...errorResponses.unauthorized,
    ...errorResponses.forbiddenOr('the user is not an auditor'),
  },
});
`;

describe('stripContractDocs', () => {
  const out = stripContractDocs(contract, '/app/src/api/schemas/things.routes.ts');

  it('empties the summary, the description and every answer description', () => {
    for (const prose of ['A thing', 'Several lines', 'The thing', 'Nothing', 'not an auditor']) expect(out).not.toContain(prose);
    expect(out).toContain("summary: '',");
    expect(out).toContain("description: '',");
    expect(out).toContain("200: answer('', z.object({ description: z.string() }))");
    expect(out).toContain("204: empty('')");
    expect(out).toContain("errorResponses.forbiddenOr('')");
  });

  it('keeps what the browser reads: method, path, tags, schemas and their error texts', () => {
    expect(out).toContain("method: 'get'");
    expect(out).toContain("path: '/api/things/:id'");
    expect(out).toContain("tags: ['things']");
    expect(out).toContain("text({ error: 'validation:id_invalid' })");
    // Apart from the texts' contents, the code is the same.
    const bare = (code: string) => code.replace(/'[^']*'|`[^`]*`/g, "''");
    expect(bare(out)).toBe(bare(contract));
  });

  it('empties the helpers of route-contract.ts itself, not a text() of the bounds schema', () => {
    const helpers = "const error = (description: string) => json(description, apiErrorSchema);\nexport const e = { notFound: { 404: error('Not found') } };\nconst t = text('Plain');";
    expect(stripContractDocs(helpers, '/app/src/api/route-contract.ts')).toContain("error('')");
    expect(stripContractDocs(helpers, '/app/src/api/route-contract.ts')).toContain("text('')");
    // In a contract file, text() is the bounds schema's unless it is imported from route-contract.
    expect(stripContractDocs("import { text } from './bounds.schema';\nconst t = text('Plain');", '/app/src/api/schemas/x.routes.ts')).toContain("text('Plain')");
  });

  it('leaves every real contract file parseable, with no summary left', () => {
    const dir = path.resolve(__dirname, '../src/api/schemas');
    const files = readdirSync(dir).filter((f) => f.endsWith('.routes.ts'));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const stripped = stripContractDocs(readFileSync(path.join(dir, file), 'utf8'), path.join(dir, file));
      expect(stripped, file).not.toMatch(/summary: ['"`][^'"`]/);
      expect(stripped, file).toMatch(/path: '\/api\//);
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
