import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { attachmentDisposition, callRoute, routePath, routeUrl } from './call-route';
import { empty, errorResponses, json, raw, route, text } from './route-contract';
import { json as jsonAnswer, stubFetch, text as textAnswer, tokenFor } from './test-helpers';
import { setToken } from '../platform/storage/token-storage';
import { XSRF_COOKIE, HEADER } from '../config/constants';

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => setToken(tokenFor('1')));

const thing = z.object({ id: z.string(), size: z.int() });
const params = z.object({ id: z.string(), part: z.string() });
const getThing = route({
  method: 'get',
  path: '/api/things/:id/parts/:part',
  summary: 's',
  tags: [],
  request: { params, query: z.object({ q: z.optional(z.string()), tag: z.optional(z.array(z.string())) }) },
  responses: { 200: json('A thing', thing), ...errorResponses.notFound },
});
const putThing = route({ method: 'put', path: '/api/things', summary: 's', tags: [], request: { body: thing }, responses: { 204: empty('Stored') } });
const token = route({ method: 'post', path: '/api/token', summary: 's', tags: [], responses: { 200: text('A token', z.string().check(z.minLength(3))) } });
const signIn = route({
  method: 'post',
  path: '/api/sign-in',
  summary: 's',
  tags: [],
  request: { query: z.object({ dry_run: z.optional(z.enum(['0', '1'])) }) },
  responses: { 200: text('A token', z.string().check(z.minLength(3))), 204: empty('Dry run: right'), ...errorResponses.notFound },
});
const putPicture = route({
  method: 'put',
  path: '/api/things/:id/picture',
  summary: 's',
  tags: [],
  request: { params: z.object({ id: z.string() }), upload: ['image/png', 'image/jpeg'] },
  responses: { 200: json('A thing', thing) },
});
/** A Blob the fetch of Node (which the tests stub) sends as bytes; jsdom's own Blob it cannot read. */
const nativeBlob = (content: string, type?: string) => new Response(new TextEncoder().encode(content), type ? { headers: { 'Content-Type': type } } : {}).blob();
const bytes = route({ method: 'get', path: '/api/bytes', summary: 's', tags: [], responses: { 200: raw('Bytes', { 'application/octet-stream': { schema: z.file() } }) } });

describe('callRoute', () => {
  it('builds the URL from the encoded params and the set query values, through the app’s ky instance', async () => {
    const net = stubFetch(() => jsonAnswer({ id: '1', size: 2 }));
    await expect(callRoute(getThing, { params: { id: 'a/b c', part: '7' }, query: { q: undefined, tag: ['x', 'y'] } })).resolves.toEqual({ id: '1', size: 2 });
    const url = new URL(net.last().url);
    expect(url.pathname).toBe('/api/things/a%2Fb%20c/parts/7');
    expect([...url.searchParams]).toEqual([['tag', 'x'], ['tag', 'y']]);
    expect(net.last().method).toBe('GET');
    // The rewriting rules of http.ts still apply.
    expect(net.last().headers.get('Authorization')).toMatch(/^Bearer /);
    expect(net.last().headers.get(HEADER.clientId)).toBeTruthy();
  });

  it('parses the declared answer and refuses one that breaks the contract', async () => {
    stubFetch(() => jsonAnswer({ id: '1', size: 'big' }));
    await expect(callRoute(getThing, { params: { id: '1', part: '2' }, query: {} })).rejects.toMatchObject({ name: 'InvalidResponseError' });
    stubFetch(() => textAnswer(' abc \n'));
    await expect(callRoute(token)).resolves.toBe('abc');
    stubFetch(() => textAnswer('ab'));
    await expect(callRoute(token)).rejects.toMatchObject({ name: 'InvalidResponseError' });
  });

  it('sends the body as JSON with the XSRF token, and expects no content for 204', async () => {
    document.cookie = `${XSRF_COOKIE}=x1`;
    const net = stubFetch(() => new Response(null, { status: 204 }));
    await expect(callRoute(putThing, { body: { id: '1', size: 2 }, headers: { 'X-Extra': 'e' } })).resolves.toBeUndefined();
    expect(net.last().method).toBe('PUT');
    expect(net.lastBody()).toBe('{"id":"1","size":2}');
    expect(net.last().headers.get(HEADER.xsrf)).toBe('x1');
    expect(net.last().headers.get('X-Extra')).toBe('e');
    stubFetch(() => jsonAnswer({ id: '1' }));
    await expect(callRoute(putThing, { body: { id: '1', size: 2 } })).rejects.toMatchObject({ name: 'InvalidResponseError' });
  });

  it('sends an upload as the body, with its type, its name in Content-Disposition and the XSRF token', async () => {
    document.cookie = `${XSRF_COOKIE}=x2`;
    const net = stubFetch(() => jsonAnswer({ id: '1', size: 4 }));
    const picture = await nativeBlob('PNG!', 'image/png');
    await expect(callRoute(putPicture, { params: { id: '1' }, upload: picture, fileName: "頭像 it's (1)*.png" })).resolves.toEqual({ id: '1', size: 4 });
    expect(net.last().method).toBe('PUT');
    expect(new URL(net.last().url).pathname).toBe('/api/things/1/picture');
    expect(net.lastBody()).toBe('PNG!');
    expect(net.last().headers.get('Content-Type')).toBe('image/png');
    expect(net.last().headers.get('Content-Disposition')).toBe("attachment; filename*=UTF-8''%E9%A0%AD%E5%83%8F%20it%27s%20%281%29%2A.png");
    expect(net.last().headers.get(HEADER.xsrf)).toBe('x2');
    expect(net.last().headers.get('Authorization')).toMatch(/^Bearer /);
    // A Blob of no type still says what it is not: the server answers 415 rather than guessing.
    await callRoute(putPicture, { params: { id: '1' }, upload: await nativeBlob('x'), fileName: 'x', headers: { 'X-Extra': 'e' } });
    expect(net.last().headers.get('Content-Type')).toBe('application/octet-stream');
    expect(net.last().headers.get('X-Extra')).toBe('e');
  });

  it('encodes any file name as ASCII for Content-Disposition (RFC 5987)', () => {
    expect(attachmentDisposition('a b.png')).toBe("attachment; filename*=UTF-8''a%20b.png");
    expect(attachmentDisposition('相片\r\n"x".jpg')).toBe("attachment; filename*=UTF-8''%E7%9B%B8%E7%89%87%0D%0A%22x%22.jpg");
    expect(attachmentDisposition('')).toBe("attachment; filename*=UTF-8''");
  });

  it('rejects with the server’s error as every call does', async () => {
    stubFetch(() => jsonAnswer({ status_code: 404, message: 'Gone.' }, 404));
    await expect(callRoute(getThing, { params: { id: '1', part: '2' }, query: {} })).rejects.toMatchObject({ status: 404, message: 'Gone.' });
  });

  it('answers the Response of a raw answer, unread', async () => {
    stubFetch(() => new Response(new Uint8Array([1, 2]), { status: 200 }));
    const response = await callRoute(bytes);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array([1, 2]));
  });

  it('reads the answer as the success status the call expects, when the contract declares several', async () => {
    const net = stubFetch(() => textAnswer('abc'));
    await expect(callRoute(signIn, { query: {}, expect: 200 })).resolves.toBe('abc');
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(callRoute(signIn, { query: { dry_run: '1' }, expect: 204 })).resolves.toBeUndefined();
    // A body where the expected status declares none breaks the contract, and the reverse.
    stubFetch(() => textAnswer('abc'));
    await expect(callRoute(signIn, { query: { dry_run: '1' }, expect: 204 })).rejects.toMatchObject({ name: 'InvalidResponseError' });
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(callRoute(signIn, { query: {}, expect: 200 })).rejects.toMatchObject({ name: 'InvalidResponseError' });
    // Without saying which, or with an undeclared status, nothing is sent.
    const sent = net.requests.length;
    expect(() => callRoute(signIn, { query: {} } as never)).toThrow(/several success statuses/);
    expect(() => callRoute(signIn, { query: {}, expect: 201 as never })).toThrow(/expects 201/);
    expect(net.requests.length).toBe(sent);
  });

  it('types the input and the answer from the contract', () => {
    expectTypeOf(() => callRoute(signIn, { query: {}, expect: 200 })).returns.resolves.toEqualTypeOf<string>();
    expectTypeOf(() => callRoute(signIn, { query: {}, expect: 204 })).returns.resolves.toEqualTypeOf<void>();
    expectTypeOf(() => callRoute(token, { expect: 200 })).returns.resolves.toEqualTypeOf<string>();
    // @ts-expect-error several success statuses: the call must say which one it expects
    void (() => callRoute(signIn, { query: {} }));
    // @ts-expect-error a status the contract does not declare
    void (() => callRoute(signIn, { query: {}, expect: 201 }));
    // @ts-expect-error an error status is not an answer
    void (() => callRoute(signIn, { query: {}, expect: 404 }));
    expectTypeOf(() => callRoute(getThing, { params: { id: '1', part: '2' }, query: {} })).returns.resolves.toEqualTypeOf<{ id: string; size: number }>();
    expectTypeOf(() => callRoute(putThing, { body: { id: '1', size: 1 } })).returns.resolves.toEqualTypeOf<void>();
    expectTypeOf(() => callRoute(token)).returns.resolves.toEqualTypeOf<string>();
    expectTypeOf(() => callRoute(bytes)).returns.resolves.toEqualTypeOf<Response>();
    // @ts-expect-error the params are required
    void (() => callRoute(getThing, { query: {} }));
    // @ts-expect-error a param the path does not have
    void (() => callRoute(getThing, { params: { id: '1' }, query: {} }));
    // @ts-expect-error a body of the wrong shape
    void (() => callRoute(putThing, { body: { id: 1, size: 1 } }));
    // @ts-expect-error no body declared
    void (() => callRoute(token, { body: { a: 1 } }));
    expectTypeOf(() => callRoute(putPicture, { params: { id: '1' }, upload: new Blob(), fileName: 'a.png' })).returns.resolves.toEqualTypeOf<{ id: string; size: number }>();
    // @ts-expect-error an upload route needs the file
    void (() => callRoute(putPicture, { params: { id: '1' } }));
    // @ts-expect-error and its name
    void (() => callRoute(putPicture, { params: { id: '1' }, upload: new Blob() }));
    // @ts-expect-error it takes no JSON body
    void (() => callRoute(putPicture, { params: { id: '1' }, upload: new Blob(), fileName: 'a.png', body: { a: 1 } }));
    // @ts-expect-error a route without an upload takes no file
    void (() => callRoute(putThing, { body: { id: '1', size: 1 }, upload: new Blob(), fileName: 'a.png' }));
  });

  it('gives the path of a call relative to the API root, and the site URL', () => {
    expect(routePath(getThing, { id: '1', part: 'x y' })).toBe('things/1/parts/x%20y');
    expect(routeUrl(getThing, { id: '1', part: '2' })).toBe('/api/things/1/parts/2');
    expect(() => routePath(getThing, { id: '1' } as never)).toThrow(/part/);
  });
});
