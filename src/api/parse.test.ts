import { describe, expect, it } from 'vitest';
import { TimeoutError } from 'ky';
import { z } from 'zod/mini';
import { expectEmpty, parseJson, parseText } from './parse';
import { ApiRequestError, InvalidResponseError } from './api-error';

describe('response parsing', () => {
  it('accepts what matches the schema and nothing else', async () => {
    const schema = z.object({ n: z.number() });
    await expect(parseJson(schema, Promise.resolve(new Response('{"n":1}')))).resolves.toEqual({ n: 1 });
    await expect(parseJson(schema, Promise.resolve(new Response('{"n":"1"}')))).rejects.toBeInstanceOf(InvalidResponseError);
    await expect(parseJson(schema, Promise.resolve(new Response('')))).rejects.toBeInstanceOf(InvalidResponseError);
  });

  it('trims text answers before checking them', async () => {
    await expect(parseText(z.string().check(z.regex(/^ok$/)), Promise.resolve(new Response('ok\n')))).resolves.toBe('ok');
  });

  it('expects no content, and refuses a body where none is in the contract', async () => {
    await expect(expectEmpty(Promise.resolve(new Response(null, { status: 204 })))).resolves.toBeUndefined();
    await expect(expectEmpty(Promise.resolve(new Response('{"a":1}')))).rejects.toBeInstanceOf(InvalidResponseError);
  });

  it('turns a timeout into a translated status-0 error', async () => {
    localStorage.setItem('lang', 'zh');
    const error = await parseJson(z.unknown(), Promise.reject(new TimeoutError(new Request('http://x/')))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 0, message: '伺服器回應逾時，請稍後重試。' });
  });

  it('lets a caller-cancelled request reject as the abort it is', async () => {
    const abort = new DOMException('aborted', 'AbortError');
    await expect(parseJson(z.unknown(), Promise.reject(abort))).rejects.toBe(abort);
  });
});
