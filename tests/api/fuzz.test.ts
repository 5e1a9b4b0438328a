import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByExternalId } from '../../server/domain/users';
import { HEADER, XSRF_COOKIE } from '../../src/config/constants';
import { TEST_CLIENT_ID, createTestContext, type TestContext } from '../../server/test-support';
import { BAD_JSON_VALUES, BAD_NUMBERS, ONE_MEGABYTE, badBodies, badTexts, pick, seeded, type Pool } from './fuzz/bad-input';
import { edgeNumbers, edgeStrings, sample, type JsonSchema } from './fuzz/sample';

// Issue 11 §4 / DESIGN §5: bad input gets a translated 4xx {status_code, message}, never a 500.
// Every operation of the OpenAPI document the server generates (so an endpoint added later is
// fuzzed without touching this file) receives wrong types, NUL bytes, numbers beyond int4 and safe
// integers, huge texts, malformed JSON and wrong content types, in its path, query and body, one
// part at a time on top of an otherwise valid request: anonymous, then signed in as agent01.

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}
interface Operation {
  security?: unknown[];
  parameters?: Parameter[];
  /** JSON, or an upload's media types (its bad bodies are the JSON ones below, sent with their types). */
  requestBody?: { content: { 'application/json'?: { schema: JsonSchema } } };
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
}

interface Case {
  /** Where the bad value went (e.g. "body duration"), and the value, for the finding's text. */
  label: string;
  value?: string;
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  body?: { type: string | null; text: string };
  headers?: Record<string, string>;
}

const LANGUAGES = ['en', 'zh-HK', 'zh-CN'];
// A message that is still a catalogue key was never translated.
const UNTRANSLATED = /^[a-z_]+:[a-z_.]+$/;

let ctx: TestContext;
let document: OpenApi;
// Seeded per identity, so each run (and each test run alone) sends the same cases.
let random = seeded(0);

beforeAll(async () => {
  ctx = await createTestContext();
  document = (await (await ctx.app.request('/api/openapi.json')).json()) as OpenApi;
});
afterAll(() => ctx?.close());

const show = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}…(${text.length})` : text;
};

/** An otherwise valid request of the operation: every parameter and body field sampled from its schema. */
function baseline(operation: Operation): Case {
  const params: Record<string, string> = {};
  const query: Record<string, string | string[]> = {};
  for (const p of operation.parameters ?? []) {
    if (p.in === 'path') params[p.name] = String(sample(p.schema));
    else if (p.required) query[p.name] = String(sample(p.schema));
  }
  const schema = operation.requestBody?.content['application/json']?.schema;
  const body = schema ? (sample(schema) as Record<string, unknown>) : undefined;
  // A confirmation field must repeat its new value, or the whole body fails on that alone.
  if (body) for (const name of Object.keys(body)) if (name.startsWith('confirm_') && `new_${name.slice(8)}` in body) body[name] = body[`new_${name.slice(8)}`];
  return { label: 'baseline', params, query, body: body && { type: 'application/json', text: JSON.stringify(body) } };
}

/** One case per bad value in one place, the rest left valid. */
function mutations(operation: Operation, method: string): Case[] {
  const base = baseline(operation);
  const cases: Case[] = [base];
  const texts = badTexts(random);
  for (const p of operation.parameters ?? []) {
    const valid = String(sample(p.schema));
    const values: (string | string[] | undefined)[] = [...pick(texts, random), ...edgeStrings(p.schema), ...edgeNumbers(p.schema).map(String)];
    if (p.in === 'query') values.push([valid, valid], [valid, '\u0000'], undefined);
    for (const value of values) {
      if (p.in === 'path') cases.push({ ...base, label: `path ${p.name}`, value: show(value), params: { ...base.params, [p.name]: value as string } });
      else {
        const query = { ...base.query };
        if (value === undefined) delete query[p.name];
        else query[p.name] = value;
        cases.push({ ...base, label: `query ${p.name}`, value: show(value), query });
      }
    }
  }
  if (base.body) {
    const valid = JSON.parse(base.body.text) as Record<string, unknown>;
    const properties = operation.requestBody?.content['application/json']?.schema.properties ?? {};
    for (const field of Object.keys(valid)) {
      const values = [...edgeStrings(properties[field] ?? {}), ...edgeNumbers(properties[field] ?? {}), ...pick(texts, random), ...pick(BAD_NUMBERS, random), ...pick(BAD_JSON_VALUES, random), 'a'.repeat(ONE_MEGABYTE - 100), undefined];
      for (const value of values) {
        const body = { ...valid, [field]: value };
        cases.push({ ...base, label: `body ${field}`, value: show(value), body: { type: 'application/json', text: JSON.stringify(body) } });
      }
    }
    cases.push({ ...base, label: 'body with an unknown field holding NUL', body: { type: 'application/json', text: JSON.stringify({ ...valid, 'x\u0000': '\u0000' }) } });
  }
  if (method !== 'get') {
    for (const bad of badBodies(base.body?.text ?? '{}')) cases.push({ ...base, label: `body (${bad.type ?? 'no type'})`, value: show(bad.body), body: { type: bad.type, text: bad.body } });
  }
  return cases;
}

// A lone surrogate has no UTF-8 form: it travels as the bytes of one, which are not valid UTF-8.
const encodeSegment = (value: string) =>
  value.replace(/[\ud800-\udfff]/g, 'LONE-SURROGATE').split('LONE-SURROGATE').map(encodeURIComponent).join('%ED%A0%80');

function urlOf(path: string, c: Case): string {
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeSegment(c.params[name] ?? ''));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(c.query)) for (const v of [value].flat()) search.append(name, v);
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

/** What is wrong with the answer, or null. */
async function problemOf(res: Response): Promise<string | null> {
  const text = await res.text();
  if (res.status >= 500) return `${res.status}`;
  if (res.status < 400) return null;
  if (!(res.headers.get('content-type') ?? '').includes('application/json')) return `${res.status} not JSON: ${text.slice(0, 80)}`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `${res.status} unparsable JSON`;
  }
  const { status_code, message } = (body ?? {}) as { status_code?: unknown; message?: unknown };
  if (status_code !== res.status) return `${res.status} with status_code ${show(status_code)}`;
  if (typeof message !== 'string' || message.trim() === '') return `${res.status} without a message`;
  if (UNTRANSLATED.test(message)) return `${res.status} untranslated message ${message}`;
  return null;
}

/** Headers the API reads, sent wrong (on top of the operation's baseline). */
const BAD_HEADERS: Pool<Record<string, string>> = {
  always: [{ [HEADER.clientTime]: '99999999999999999999999' }, { [HEADER.clientId]: 'not-a-uuid' }, { Authorization: 'Bearer a.b.c' }],
  sometimes: [
    { [HEADER.clientTime]: 'abc' },
    { [HEADER.clientTime]: '-1' },
    { [HEADER.clientTime]: '1e400' },
    { [HEADER.clientId]: 'a'.repeat(8_192) },
    { [HEADER.language]: 'x'.repeat(8_192) },
    { Authorization: `Bearer ${'a'.repeat(8_192)}` },
    { Authorization: 'Basic YTpi' },
  ],
};

interface Identity {
  name: string;
  /** A session's token and its XSRF value, or none (anonymous). */
  session(): Promise<{ token: string; xsrf: string } | undefined>;
  /** Forgets the session (an earlier case ended it); false when there is none to renew. */
  renew(): boolean;
  /** Which operations to fuzz as this identity, and how thoroughly. */
  plan(operation: Operation, method: string): Case[];
}

// A device clock a century ahead: as far as the server lets a device's clock widen what a record
// may claim, so an out-of-range duration reaches the database if no schema stops it.
const FAR_FUTURE_CLIENT_TIME = String(Date.UTC(2126, 0, 1));

async function fuzz(identity: Identity) {
  random = seeded([...identity.name].reduce((hash, ch) => Math.imul(hash, 31) + ch.charCodeAt(0), 11_2026));
  // One finding per operation, place and kind of answer, with the first few values that caused it.
  const findings = new Map<string, string[]>();
  const statuses: Record<number, number> = {};
  const times: Record<string, number> = {};
  let unauthorized = 0;
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const cases = identity.plan(operation, method);
      const base = cases[0];
      // An operation that refuses before it reads anything (no session) needs no bad headers either.
      const headerCases = cases.length > 1 ? pick(BAD_HEADERS, random) : [];
      const withHeaders = headerCases.map((headers) => ({ ...base, label: `header ${Object.keys(headers)[0]}`, value: show(Object.values(headers)[0]), headers }));
      for (const c of [...cases, ...withHeaders]) {
        const headers: Record<string, string> = {
          [HEADER.language]: LANGUAGES[Math.floor(random() * LANGUAGES.length)],
          [HEADER.clientId]: TEST_CLIENT_ID,
          [HEADER.clientTime]: FAR_FUTURE_CLIENT_TIME,
          ...(c.body?.type ? { 'Content-Type': c.body.type } : {}),
          ...c.headers,
        };
        const send = async () => {
          const session = await identity.session();
          const own = session && { [HEADER.xsrf]: session.xsrf, Cookie: `${XSRF_COOKIE}=${session.xsrf}`, Authorization: `Bearer ${session.token}` };
          return ctx.request(urlOf(path, c), { method: method.toUpperCase(), headers: { ...own, ...headers }, body: c.body?.text });
        };
        const started = performance.now();
        let res = await send();
        // An earlier case ended the session (logout, a password change...): sign in again, so this
        // case tests validation rather than the refusal of a dead token.
        if (res.status === 401 && !headers.Authorization && identity.renew()) res = await send();
        times[`${method} ${path}`] = (times[`${method} ${path}`] ?? 0) + performance.now() - started;
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (res.status === 401 && !headers.Authorization) unauthorized += 1;
        const problem = await problemOf(res);
        if (problem) {
          const key = `${identity.name}: ${method.toUpperCase()} ${path} ${c.label} → ${problem}`;
          const values = findings.get(key) ?? [];
          if (values.length < 3 && c.value !== undefined) values.push(c.value);
          findings.set(key, values);
        }
      }
    }
  }
  if (process.env.FUZZ_REPORT) console.log(identity.name, statuses, Object.entries(times).sort((a, b) => b[1] - a[1]).slice(0, 8));
  return { findings: [...findings].map(([key, values]) => (values.length ? `${key} (values: ${values.join(', ')})` : key)), statuses, unauthorized };
}

const isPublic = (operation: Operation) => !operation.security?.length;

describe('fuzz: every operation of /api/openapi.json', () => {
  it('lists the operations the server defines', () => {
    const count = Object.values(document.paths).reduce((n, methods) => n + Object.keys(methods).length, 0);
    expect(count).toBeGreaterThan(30);
  });

  it('anonymous: never a 5xx; every 4xx is {status_code, message}, translated', async () => {
    const { findings } = await fuzz({
      name: 'anonymous',
      session: async () => undefined,
      renew: () => false,
      // An operation that needs a session refuses before it reads its input: its baseline shows
      // that refusal's shape; its input is fuzzed signed in.
      plan: (operation, method) => (isPublic(operation) ? mutations(operation, method) : [baseline(operation)]),
    });
    expect(findings).toEqual([]);
  }, 180_000);

  // Each role once: the manager's, the auditor's and the trainer's operations refuse other roles
  // after validation, so their inputs reach the database only as the role that may use them.
  it.each(['agent01', 'manager01', 'auditor01', 'trainer01'])(
    'signed in as %s: never a 5xx; every 4xx is {status_code, message}, translated',
    async (externalId) => {
      // Sessions are started directly (a sign-in costs an argon2 hash, and some cases end the session).
      const user = await findUserByExternalId(ctx.database.db, externalId);
      let session: { token: string; xsrf: string } | undefined;
      const startSession = async () => {
        const { token, sessionId } = await ctx.services.sessions.start(user!.id, TEST_CLIENT_ID);
        return { token, xsrf: ctx.services.xsrf.mint(sessionId) };
      };
      const { findings, statuses, unauthorized } = await fuzz({
        name: externalId,
        session: async () => (session ??= await startSession()),
        renew: () => {
          session = undefined;
          return true;
        },
        // Public operations were fuzzed anonymously; signed in, only what a session changes is sent again.
        plan: (operation, method) => (isPublic(operation) ? [baseline(operation)] : mutations(operation, method)),
      });
      expect(findings).toEqual([]);
      // The fuzz reached validation rather than bouncing off a lost session: the only 401s answer
      // the bad Authorization headers.
      expect(unauthorized).toBe(0);
      expect(statuses[400]).toBeGreaterThan(1000);
    },
    180_000,
  );
  // A double click, a retry after a lost answer, two tabs: the same write several times at once must
  // meet the database's constraints as a 2xx or a translated 4xx, never as a unique violation or a
  // deadlock reported as a 500. Each operation's valid request, five copies at once, per role.
  it.each(['agent01', 'manager01'])('signed in as %s: the same write five times at once, never a 5xx', async (externalId) => {
    const user = await findUserByExternalId(ctx.database.db, externalId);
    const findings: string[] = [];
    let writes = 0;
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        if (method === 'get' || isPublic(operation)) continue;
        writes += 1;
        // A session of its own: an earlier write may have ended the previous one (sign-out, password).
        const { token, sessionId } = await ctx.services.sessions.start(user!.id, TEST_CLIENT_ID);
        const xsrf = ctx.services.xsrf.mint(sessionId);
        const c = baseline(operation);
        const send = () =>
          ctx.request(urlOf(path, c), {
            method: method.toUpperCase(),
            headers: {
              [HEADER.xsrf]: xsrf,
              Cookie: `${XSRF_COOKIE}=${xsrf}`,
              Authorization: `Bearer ${token}`,
              [HEADER.clientId]: TEST_CLIENT_ID,
              [HEADER.language]: 'en',
              ...(c.body ? { 'Content-Type': 'application/json' } : {}),
            },
            body: c.body?.text,
          });
        const answers = await Promise.all(Array.from({ length: 5 }, send));
        if (process.env.FUZZ_REPORT) console.log(method, path, answers.map((a) => a.status).join(","));
        for (const res of answers) {
          const problem = await problemOf(res);
          if (problem && !problem.startsWith('401')) findings.push(`${externalId}: ${method.toUpperCase()} ${path} ×5 → ${problem}`);
        }
      }
    }
    expect(writes).toBeGreaterThan(20);
    expect([...new Set(findings)]).toEqual([]);
  }, 120_000);

  it('the document, the docs and unknown paths: never a 5xx', async () => {
    const findings: string[] = [];
    for (const url of ['/api/openapi.json', '/api/docs', '/api/docs/init.js', '/api/docs/swagger-ui.css', '/api/docs/%00', '/api/docs/..%2f..%2fpackage.json', '/api/%00', `/api/${'a'.repeat(65_536)}`, '/api/users/%ff']) {
      const res = await ctx.request(url);
      await res.arrayBuffer();
      if (res.status >= 500) findings.push(`GET ${url} → ${res.status}`);
    }
    expect(findings).toEqual([]);
  });
});
