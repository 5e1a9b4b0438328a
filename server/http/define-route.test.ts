import type { Context, MiddlewareHandler } from 'hono';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod/mini';
import { loginPayloadSchema } from '../../src/api/schemas/sign-in.schema';
import { findUsersQuerySchema, userIdParamSchema } from '../../src/api/schemas/users.schema';
import { HEADER } from '../../src/config/constants';
import type { AppEnv } from './context';
import { ApiApp, defineRoute, type UploadedFile } from './define-route';
import { HttpError, errorResponse, handleError } from './errors';
import { bearerSecurity, empty, errorResponses, json, route, text } from '../../src/api/route-contract';
import { openApiDocument } from './openapi';

const denyWithoutToken: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.req.header('Authorization')) throw new HttpError(401, 'server:unauthorized');
  await next();
};

const echoRoute = route({
  method: 'post',
  path: '/api/things/:id',
  summary: 'Echoes its parsed input',
  tags: ['test'],
  security: bearerSecurity,
  request: { params: userIdParamSchema, query: findUsersQuerySchema, body: loginPayloadSchema },
  responses: { 200: json('The input', z.object({ ok: z.boolean() })), ...errorResponses.badRequest },
});
const plainRoute = route({ method: 'get', path: '/api/plain', summary: 'No input', tags: ['test'], responses: { 204: empty('Nothing') } });
const uploadRoute = route({
  method: 'put',
  path: '/api/things/:id/picture',
  summary: 'Takes a file',
  tags: ['test'],
  request: { params: userIdParamSchema, upload: ['image/png', 'image/jpeg'] },
  responses: { 200: json('What was read', z.object({ size: z.number(), contentType: z.string(), fileName: z.nullable(z.string()) })), ...errorResponses.badRequest },
});
/** For routes whose handler never runs: any answer. */
const unused = (c: Context) => c.body(null, 204) as never;

function testApp() {
  const app = new ApiApp();
  defineRoute(app, echoRoute, denyWithoutToken, (c, input) => {
    expectTypeOf(input.params.id).toEqualTypeOf<string>();
    expectTypeOf(input.query.page).toEqualTypeOf<number>();
    expectTypeOf(input.body.external_id).toEqualTypeOf<string>();
    return c.json({ ok: true, ...input }, 200);
  });
  defineRoute(app, plainRoute, (c, input) => {
    expectTypeOf(input.body).toEqualTypeOf<undefined>();
    expectTypeOf(input.upload).toEqualTypeOf<undefined>();
    return c.body(null, 204);
  });
  defineRoute(app, uploadRoute, denyWithoutToken, (c, { upload }) => {
    expectTypeOf(upload).toEqualTypeOf<UploadedFile>();
    return c.json({ size: upload.bytes.byteLength, contentType: upload.contentType, fileName: upload.fileName }, 200);
  });
  app.notFound((c) => errorResponse(c, 404, 'server:not_found'));
  app.onError((error, c) => handleError(error, c, () => {}));
  return app;
}

const app = testApp();
const URL_OK = '/api/things/12?name=%20kit%20&per_page=5';
const BODY_OK = JSON.stringify({ external_id: ' agent01 ', password: 'x' });
const send = (url: string, init: { body?: string | Uint8Array<ArrayBuffer>; type?: string | null; lang?: string; token?: boolean } = {}) => {
  const headers = new Headers();
  if (init.token !== false) headers.set('Authorization', 'Bearer t');
  if (init.type !== null) headers.set('Content-Type', init.type ?? 'application/json');
  if (init.lang) headers.set(HEADER.language, init.lang);
  return app.request(url, { method: 'POST', headers, body: init.body });
};
const refusal = async (res: Response) => ({ status: res.status, ...((await res.json()) as { message: string }) });

describe('defineRoute: input', () => {
  it('gives the handler params, query and body as the schemas parsed them', async () => {
    const res = await send(URL_OK, { body: BODY_OK });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      ok: true,
      params: { id: '12' },
      query: { name: 'kit', page: 1, per_page: 5 },
      body: { external_id: 'agent01', password: 'x' },
    });
  });

  it('runs the route middleware before validating (no token: 401, not 400)', async () => {
    expect(await refusal(await send('/api/things/abc', { token: false }))).toMatchObject({ status: 401, status_code: 401 });
  });

  it('answers the first problem translated, query before params before body', async () => {
    expect(await refusal(await send('/api/things/abc?per_page=0', { body: '{}' }))).toMatchObject({ status: 400, message: 'Please enter a name.' });
    expect(await refusal(await send('/api/things/abc?name=a', { body: '{}' }))).toMatchObject({ status: 400, message: 'The id is not valid.' });
    expect(await refusal(await send('/api/things/1?name=a', { body: '{}', lang: 'zh-HK' }))).toMatchObject({ status: 400, message: '請輸入代理人編號。' });
  });

  it('names the field when the schema has no message of its own', async () => {
    expect(await refusal(await send('/api/things/1?name=a&page=x', { body: BODY_OK }))).toMatchObject({ status: 400, message: 'The value of "page" is not valid.' });
    expect(await refusal(await send('/api/things/1?name=a&page=1&page=2', { body: BODY_OK }))).toMatchObject({ status: 400, message: 'The value of "page" is not valid.' });
  });

  it('tells a missing body from bad JSON and from a body that is not JSON', async () => {
    expect(await refusal(await send(URL_OK, { type: null }))).toMatchObject({ status: 400, message: 'The request body is missing or not valid.' });
    expect(await refusal(await send(URL_OK, { body: '{"external_id":' }))).toMatchObject({ status: 400, message: 'The request body is not valid JSON.' });
    expect(await refusal(await send(URL_OK, { body: BODY_OK, type: 'text/plain' }))).toMatchObject({ status: 415, message: 'The request body must be sent as JSON.' });
    // Bytes, not a string: a string body would be given a text/plain type by Request itself.
    expect(await refusal(await send(URL_OK, { body: new TextEncoder().encode(BODY_OK), type: null }))).toMatchObject({ status: 415 });
    expect(await refusal(await send(URL_OK, { body: BODY_OK, type: 'application/json; charset=utf-8' }))).toMatchObject({ status: 200 });
    expect((await send(URL_OK, { body: BODY_OK, type: 'application/vnd.test+json' })).status).toBe(200);
  });

  it('registers only the declared method', async () => {
    expect((await app.request(URL_OK)).status).toBe(404);
    expect((await app.request('/api/plain')).status).toBe(204);
  });
});

describe('defineRoute: an upload (request.upload)', () => {
  const put = (url: string, init: { body?: Uint8Array<ArrayBuffer>; type?: string | null; disposition?: string; lang?: string; token?: boolean } = {}) => {
    const headers = new Headers();
    if (init.token !== false) headers.set('Authorization', 'Bearer t');
    if (init.type !== null) headers.set('Content-Type', init.type ?? 'image/png');
    if (init.disposition !== undefined) headers.set('Content-Disposition', init.disposition);
    if (init.lang) headers.set(HEADER.language, init.lang);
    return app.request(url, { method: 'PUT', headers, body: init.body ?? new Uint8Array([1, 2, 3]) });
  };
  const read = async (res: Response) => {
    expect(res.status).toBe(200);
    return (await res.json()) as { size: number; contentType: string; fileName: string | null };
  };

  it('gives the handler the bytes, the media type and the file name', async () => {
    expect(await read(await put('/api/things/1/picture', { disposition: "attachment; filename*=UTF-8''%E9%A0%AD%E5%83%8F%20(1).png" }))).toEqual({
      size: 3,
      contentType: 'image/png',
      fileName: '頭像 (1).png',
    });
    expect(await read(await put('/api/things/1/picture', { type: 'IMAGE/JPEG; q=1', disposition: 'attachment; filename="a \\"b\\".jpg"' }))).toMatchObject({
      contentType: 'image/jpeg',
      fileName: 'a "b".jpg',
    });
    // filename* wins over filename; an unquoted token is read too.
    expect((await read(await put('/api/things/1/picture', { disposition: "attachment; filename=\"plain.png\"; filename*=UTF-8''n%C3%A9.png" }))).fileName).toBe('né.png');
    expect((await read(await put('/api/things/1/picture', { disposition: 'inline; filename=token.png' }))).fileName).toBe('token.png');
  });

  it('reads a missing or garbled file name as none, never as an error', async () => {
    for (const disposition of [undefined, '', 'attachment', "attachment; filename*=UTF-8''%E0%A4%A", "attachment; filename*=ISO-8859-1''a.png", 'attachment; filename=""', 'attachment; filename="   "', "attachment; filename*=UTF-8''%00%01%1F"]) {
      expect((await read(await put('/api/things/1/picture', { disposition }))).fileName, String(disposition)).toBeNull();
    }
    // A broken filename* falls back to filename; control characters are dropped.
    expect((await read(await put('/api/things/1/picture', { disposition: "attachment; filename*=UTF-8''%E0%A4%A; filename=\"ok.png\"" }))).fileName).toBe('ok.png');
    expect((await read(await put('/api/things/1/picture', { disposition: "attachment; filename*=UTF-8''a%0D%0Ab.png" }))).fileName).toBe('ab.png');
  });

  it('refuses a media type the contract does not list (415) and an empty body (400), translated', async () => {
    for (const type of ['image/gif', 'image/png+xml', 'text/html', 'application/json', '']) {
      expect(await refusal(await put('/api/things/1/picture', { type }))).toMatchObject({
        status: 415,
        message: 'This kind of file cannot be sent here. Send one of: image/png, image/jpeg.',
      });
    }
    expect(await refusal(await put('/api/things/1/picture', { type: null }))).toMatchObject({ status: 415 });
    expect(await refusal(await put('/api/things/1/picture', { body: new Uint8Array() }))).toMatchObject({ status: 400, message: 'The file is empty.' });
    expect(await refusal(await put('/api/things/1/picture', { body: new Uint8Array(), lang: 'zh-CN' }))).toMatchObject({ status: 400, message: '文件是空的。' });
  });

  it('runs the middleware and checks the params before it reads the body', async () => {
    expect(await refusal(await put('/api/things/1/picture', { token: false, type: 'text/html' }))).toMatchObject({ status: 401 });
    expect(await refusal(await put('/api/things/abc/picture', { type: 'text/html' }))).toMatchObject({ status: 400, message: 'The id is not valid.' });
  });

  it('documents the body as binary under each media type', () => {
    const op = openApiDocument(app.openApiPaths, { title: 'Test', version: '1' }).paths['/api/things/{id}/picture'].put!;
    expect(op.requestBody).toEqual({
      required: true,
      content: { 'image/png': { schema: { type: 'string', format: 'binary' } }, 'image/jpeg': { schema: { type: 'string', format: 'binary' } } },
    });
  });

  it('refuses at definition an upload beside a JSON body, or of no media type', () => {
    const spec = { method: 'put', path: '/u', summary: 's', tags: [], responses: {} } as const;
    expect(() => defineRoute(new ApiApp(), { ...spec, request: { body: loginPayloadSchema, upload: ['image/png'] } }, unused)).toThrow(/both a JSON body and an upload/);
    expect(() => defineRoute(new ApiApp(), { ...spec, request: { upload: [] } }, unused)).toThrow(/no media type/);
  });
});

describe('defineRoute: OpenAPI', () => {
  const doc = openApiDocument(app.openApiPaths, { title: 'Test', version: '1' });

  it('documents parameters, body, answers and security from the same schemas', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const op = doc.paths['/api/things/{id}'].post!;
    expect(op).toMatchObject({ tags: ['test'], summary: 'Echoes its parsed input', security: [{ bearerAuth: [] }] });
    expect(op.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^\\d{1,16}$' } },
      { name: 'name', in: 'query', required: true, schema: { type: 'string', minLength: 1, maxLength: 100 } },
      { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 2147483647, default: 1 } },
      { name: 'per_page', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
    ]);
    expect(op.requestBody).toEqual({
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: { external_id: { type: 'string', minLength: 1, maxLength: 64 }, password: { type: 'string', minLength: 1, maxLength: 256 } },
            required: ['external_id', 'password'],
          },
        },
      },
    });
    expect(op.responses['200'].content!['application/json'].schema).toEqual({ type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] });
    expect(op.responses['400'].content!['application/json'].schema).toMatchObject({ required: ['status_code', 'message'] });
    expect(doc.paths['/api/plain'].get).toEqual({ tags: ['test'], summary: 'No input', responses: { 204: { description: 'Nothing' } } });
  });

  it('describes what a request may send and what an answer holds', () => {
    const app = new ApiApp();
    const withDefault = z.object({ n: z._default(z.number(), 1) });
    const responses = { 200: { description: 'x', content: { 'application/json': { schema: withDefault } } } };
    defineRoute(app, { method: 'put', path: '/x', summary: 's', tags: [], request: { body: withDefault }, responses }, unused);
    const op = app.openApiPaths['/x'].put!;
    expect(op.requestBody!.content['application/json'].schema).not.toHaveProperty('required');
    expect(op.responses['200'].content!['application/json'].schema).toMatchObject({ required: ['n'] });
  });

  it('refuses at definition what it could not serve or document', () => {
    const app = new ApiApp();
    const spec = { method: 'get', path: '/x/:id', summary: 's', tags: [], request: { params: userIdParamSchema }, responses: {} } as const;
    defineRoute(app, spec, unused);
    expect(() => defineRoute(app, spec, unused)).toThrow(/defined twice/);
    expect(() => defineRoute(app, { ...spec, path: '/y/:key' }, unused)).toThrow(/:key/);
    expect(() => defineRoute(app, { ...spec, path: '/z/:id', request: {} }, unused)).toThrow(/:id/);
    expect(() => defineRoute(app, { ...spec, path: '/q', request: { query: z.string() } }, unused)).toThrow(/object schema/);
    const transformed = z.pipe(z.string(), z.transform((v) => v.length));
    expect(() => defineRoute(app, { ...spec, path: '/r', request: {}, responses: { 200: { description: 'x', content: { 'application/json': { schema: transformed } } } } }, unused)).toThrow();
  });
});

describe('defineRoute: the handler answers what the contract declares (checked by tsc)', () => {
  const contract = route({
    method: 'get',
    path: '/api/typed/:id',
    summary: 'Typed answers',
    tags: ['test'],
    request: { params: userIdParamSchema },
    responses: { 200: json('A thing', z.object({ name: z.string(), size: z.int() })), 204: empty('Nothing'), ...errorResponses.notFound },
  });
  const tokenRoute = route({ method: 'post', path: '/api/typed-token', summary: 'A token', tags: ['test'], responses: { 200: text('The token', z.string()) } });

  it('accepts each declared status with its body, and refuses the rest at compile time', () => {
    const app = new ApiApp();
    defineRoute(app, contract, (c, { params }) => {
      if (params.id === '1') return c.json({ name: 'a', size: 1 }, 200);
      if (params.id === '2') return c.body(null, 204);
      return c.json({ status_code: 404, message: 'gone' }, 404);
    });
    // @ts-expect-error a body of the wrong shape (size is a number)
    defineRoute(new ApiApp(), contract, (c) => c.json({ name: 'a', size: '1' }, 200));
    // @ts-expect-error a body missing a declared field
    defineRoute(new ApiApp(), contract, (c) => c.json({ name: 'a' }, 200));
    // @ts-expect-error a status the contract does not declare
    defineRoute(new ApiApp(), contract, (c) => c.json({ name: 'a', size: 1 }, 201));
    // @ts-expect-error a body where the contract declares none
    defineRoute(new ApiApp(), contract, (c) => c.json({ name: 'a', size: 1 }, 204));
    // @ts-expect-error a text answer where the contract declares JSON
    defineRoute(new ApiApp(), contract, (c) => c.text('a', 200));
    // @ts-expect-error an error body that is not {status_code, message}
    defineRoute(new ApiApp(), contract, (c) => c.json({ error: 'gone' }, 404));
    // @ts-expect-error an untyped Response says nothing the compiler could check
    defineRoute(new ApiApp(), contract, () => new Response(null, { status: 204 }));
    defineRoute(app, tokenRoute, (c) => c.text('t', 200));
    // @ts-expect-error JSON where the contract declares text
    defineRoute(new ApiApp(), tokenRoute, (c) => c.json('t', 200));
    expect(app.contracts.has(contract)).toBe(true);
  });
});
