import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { chooseContentCoding, varyOnAcceptEncoding, type ContentCoding } from './content-encoding';
import { JsonText } from './json-text';
import { isWholeAnswer, wholeAnswer } from './whole-answer';

/** Below this a compressed body saves less than its headers and the CPU cost (ADR 015). */
export const COMPRESS_JSON_MIN_BYTES = 1024;

// JSON only: attachment files, HLS segments and images are either compressed already (video,
// images, encrypted bytes look random) or must reach the player byte for byte.
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/** A partial answer, or one with no body. */
const UNCOMPRESSED_STATUSES = new Set([204, 206, 304]);

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Smaller answers are compressed on the request's own turn: handing them to the thread pool
 * costs more than compressing them (ADR 037). */
const SYNC_BELOW_BYTES = 32 * 1024;
/** The smallest window that holds the whole body compresses as well as the default one, and an
 * encoder with a 4 MB window costs more to set up than a small answer costs to compress. */
const windowBitsFor = (length: number, min: number, max: number) => Math.min(max, Math.max(min, Math.ceil(Math.log2(length + 1))));
const brotliOptions = (data: Uint8Array) => ({
  params: {
    // On the fly, per response: fast settings. Brotli 2 takes half the time of brotli 4 on a
    // 3.6 KB course list (18 µs, not 38) for 10% more bytes (881, not 801), and is still smaller
    // than gzip 6 on it (ADR 043).
    [constants.BROTLI_PARAM_QUALITY]: 2,
    [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    [constants.BROTLI_PARAM_LGWIN]: windowBitsFor(data.length, constants.BROTLI_MIN_WINDOW_BITS, constants.BROTLI_DEFAULT_WINDOW),
  },
});
const gzipOptions = (data: Uint8Array) => ({ level: 6, windowBits: windowBitsFor(data.length, 9, 15) });
const syncCompressors: Record<ContentCoding, (data: Uint8Array) => Buffer> = {
  br: (data) => brotliCompressSync(data, brotliOptions(data)),
  gzip: (data) => gzipSync(data, gzipOptions(data)),
};
const compressors: Record<ContentCoding, (data: Uint8Array) => Promise<Buffer>> = {
  br: async (data) => (data.length < SYNC_BELOW_BYTES ? syncCompressors.br(data) : brotli(data, brotliOptions(data))),
  gzip: async (data) => (data.length < SYNC_BELOW_BYTES ? syncCompressors.gzip(data) : gzipAsync(data, gzipOptions(data))),
};

/**
 * Compresses JSON answers of at least `minBytes` with the coding the request accepts (br, else
 * gzip), and marks every JSON answer `Vary: Accept-Encoding`. A body that already has a
 * Content-Encoding, a partial answer and a HEAD answer are left as they are.
 *
 * ADR 037: reading an answer's body turns @hono/node-server's light answer into a web Response
 * streamed out through a ReadableStream, which cost more than the rest of a small signed-in
 * request. So `c.json` answers carry their Content-Length, and the body is read only for an
 * answer that will be compressed.
 */
export function compressJson({ minBytes = COMPRESS_JSON_MIN_BYTES, wholeAnswerHeaders }: CompressJsonOptions = {}): MiddlewareHandler {
  return async (c, next) => {
    c.json = jsonWithLength(c, wholeAnswerHeaders && { minBytes, headers: { vary: 'Accept-Encoding', ...wholeAnswerHeaders } }) as typeof c.json;
    await next();
    const res = c.res;
    if (isWholeAnswer(res)) return;
    if (c.req.method === 'HEAD' || UNCOMPRESSED_STATUSES.has(res.status)) return;
    if (!JSON_TYPE.test(res.headers.get('Content-Type') ?? '') || res.headers.has('Content-Encoding')) return;
    res.headers.set('Vary', varyOnAcceptEncoding(res.headers.get('Vary')));
    const coding = chooseContentCoding(c.req.header('Accept-Encoding'));
    const declaredLength = Number(res.headers.get('Content-Length') ?? Number.NaN);
    if (!coding || declaredLength < minBytes || !res.body) return;
    // JSON answers are built in memory, so reading one whole costs nothing new.
    const body = new Uint8Array(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    if (body.length < minBytes) {
      c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
      return;
    }
    const compressed = await compressors[coding](body);
    headers.set('Content-Encoding', coding);
    headers.set('Content-Length', String(compressed.length));
    const etag = headers.get('ETag');
    if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    // Hono's res setter copies the old answer's headers over the new one: reset the ones that
    // describe the body after it.
    c.res = new Response(new Uint8Array(compressed), { status: res.status, statusText: res.statusText, headers });
    c.res.headers.set('Content-Encoding', coding);
    c.res.headers.set('Content-Length', String(compressed.length));
  };
}

export interface CompressJsonOptions {
  minBytes?: number;
  /**
   * The headers the middleware around this one add to every answer (security headers,
   * Cache-Control). Given them, an answer under 32 KB is built whole by `c.json` (whole-answer.ts):
   * compressed from its text when it is large enough, with those headers and Vary, and left as it
   * is by every middleware after the handler (ADR 037).
   */
  wholeAnswerHeaders?: Readonly<Record<string, string>>;
}

type JsonArgs = [object: unknown, arg?: number | ResponseInit, headers?: Record<string, string | string[]>];

/** Hono's `c.json`, with the answer's Content-Length among its headers (same arguments). */
function jsonWithLength(c: Context, whole?: { minBytes: number; headers: Readonly<Record<string, string>> }) {
  const json = c.json as (...args: JsonArgs) => Response;
  // A header or status set before `c.json` lives in Hono's context, out of reach here: such an
  // answer is built by Hono as usual.
  let prepared = false;
  if (whole) {
    const [header, status] = [c.header, c.status];
    c.header = ((...args: Parameters<typeof header>) => ((prepared = true), header(...args))) as typeof header;
    c.status = ((code: Parameters<typeof status>[0]) => ((prepared = true), status(code))) as typeof status;
  }
  return (...[object, arg, headers]: JsonArgs) => {
    const text: string | undefined = object instanceof JsonText ? object.text : JSON.stringify(object);
    if (text === undefined) return json(object, arg, headers);
    const length = Buffer.byteLength(text);
    if (whole && !prepared && !headers && (arg === undefined || typeof arg === 'number') && length < SYNC_BELOW_BYTES) {
      const status = arg ?? 200;
      // The rules of the middleware below, on the text in hand: no body read back, no Headers object.
      const coding = length >= whole.minBytes && c.req.method !== 'HEAD' && !UNCOMPRESSED_STATUSES.has(status) ? chooseContentCoding(c.req.header('Accept-Encoding')) : null;
      if (!coding) return wholeAnswer(text, status, { 'content-type': 'application/json', 'content-length': String(length), ...whole.headers });
      const compressed = syncCompressors[coding](Buffer.from(text));
      return wholeAnswer(compressed, status, { 'content-type': 'application/json', 'content-encoding': coding, 'content-length': String(compressed.length), ...whole.headers });
    }
    const own = { 'Content-Type': 'application/json', 'Content-Length': String(length), ...headers };
    return c.body(text, arg as never, own);
  };
}
