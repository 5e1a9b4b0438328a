import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiPath, type RouteContract } from '../../src/api/route-contract';
import { createTestContext, type TestContext } from '../test-support';

// ADR 018: every contract declared in src/api/schemas/*.routes.ts has a server handler and a
// client use, and every operation the server serves comes from a contract.

/** Contracts no page of the app calls, each with the reason. */
const SERVER_ONLY: Record<string, string> = {
  // The auditors' tool (role auditor): no page of the learner app shows it.
  listAuditIdentityChecksRoute: 'auditor tool, no app page',
  // The demo outbox is read by the operator and the end-to-end tests, never by the app.
  listOutboxRoute: 'demo operator and e2e tests only',
  // The client opens the signed URL generate_download answers (the server fills it from this
  // contract's path) as it is given, without a bearer: it never builds the path itself.
  fileDownloadRoute: 'opened through the URL generate_download answers',
  // An <img> opens the URL users/current's icon_url or cover_url gives, as it is given.
  getPictureRoute: 'opened through the URL icon_url and cover_url answer',
};

/** The API's own documentation (api-docs.ts): served beside the operations, not one of them. */
const API_DOCUMENTATION = new Set(['get /api/openapi.json', 'get /api/docs', 'get /api/docs/init.js', 'get /api/docs/:file']);

const schemasDir = path.resolve(__dirname, '../../src/api/schemas');
const srcDir = path.resolve(__dirname, '../../src');

const isContract = (value: unknown): value is RouteContract =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'responses' in value;

/** Every exported contract, by export name (a record of contracts counts as one name). */
async function declaredContracts(): Promise<Map<string, RouteContract[]>> {
  const out = new Map<string, RouteContract[]>();
  for (const file of readdirSync(schemasDir).filter((f) => f.endsWith('.routes.ts'))) {
    const module = (await import(path.join(schemasDir, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (isContract(value)) out.set(name, [value]);
      else if (typeof value === 'object' && value !== null && Object.values(value).length > 0 && Object.values(value).every(isContract)) {
        out.set(name, Object.values(value) as RouteContract[]);
      }
    }
  }
  return out;
}

/** The client's code: everything under src/ but tests and the contracts themselves. */
function clientSources(dir = srcDir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return clientSources(full);
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name) || entry.name.endsWith('.routes.ts')) return [];
    return [readFileSync(full, 'utf8')];
  });
}

let ctx: TestContext;
let contracts: Map<string, RouteContract[]>;
beforeAll(async () => {
  ctx = await createTestContext();
  contracts = await declaredContracts();
});
afterAll(() => ctx?.close());

describe('route contracts', () => {
  it('are declared', () => {
    expect(contracts.size).toBeGreaterThan(10);
  });

  it('live under /api/ (callRoute and routeUrl count on it, and no longer check it at each call)', () => {
    const outside = [...contracts].flatMap(([name, list]) => list.filter((c) => !c.path.startsWith('/api/')).map((c) => `${name}: ${c.path}`));
    expect(outside).toEqual([]);
  });

  it('each has a handler on the server', () => {
    const missing = [...contracts].flatMap(([name, list]) => list.filter((c) => !ctx.app.contracts.has(c)).map((c) => `${name}: ${c.method} ${c.path}`));
    expect(missing).toEqual([]);
  });

  it('each is used by the client, or is on the commented server-only list', () => {
    const code = clientSources().join('\n');
    const unused = [...contracts.keys()].filter((name) => !new RegExp(`\\b${name}\\b`).test(code));
    expect(unused.sort()).toEqual(Object.keys(SERVER_ONLY).sort());
  });

  it('cover every operation the server serves', () => {
    const fromContracts = new Set([...ctx.app.contracts].map((c) => `${c.method} ${c.path}`));
    // What the router answers under /api/ (middleware is registered for every method), and what the document shows.
    const routed = ctx.app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/')).map((r) => `${r.method.toLowerCase()} ${r.path}`);
    const documented = Object.entries(ctx.app.openApiPaths).flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m} ${p}`));
    const without = [...new Set(routed)].filter((op) => !fromContracts.has(op) && !API_DOCUMENTATION.has(op));
    expect(without).toEqual([]);
    expect(documented.sort()).toEqual([...ctx.app.contracts].map((c) => `${c.method} ${openApiPath(c.path)}`).sort());
  });
});
