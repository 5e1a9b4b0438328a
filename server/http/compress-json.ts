import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { chooseContentCoding, varyOnAcceptEncoding, type ContentCoding } from './content-encoding';

/** Below this a compressed body saves less than its headers and the CPU cost (ADR 015). */
export const COMPRESS_JSON_MIN_BYTES = 1024;

// JSON only: attachment files, HLS segments and images are either compressed already (video,
// images, encrypted bytes look random) or must reach the player byte for byte.
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const compressors: Record<ContentCoding, (data: Uint8Array) => Promise<Buffer>> = {
  // On the fly, per response: fast settings (brotli 4 is about gzip 6's speed and still smaller).
  br: (data) => brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
  gzip: (data) => gzipAsync(data, { level: 6 }),
};

/**
 * Compresses JSON answers of at least `minBytes` with the coding the request accepts (br, else
 * gzip), and marks every JSON answer `Vary: Accept-Encoding`. A body that already has a
 * Content-Encoding, a partial answer and a HEAD answer are left as they are.
 */
export function compressJson(minBytes = COMPRESS_JSON_MIN_BYTES): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (!res.body || c.req.method === 'HEAD' || res.status === 206 || res.headers.has('Content-Encoding')) return;
    if (!JSON_TYPE.test(res.headers.get('Content-Type') ?? '')) return;
    res.headers.set('Vary', varyOnAcceptEncoding(res.headers.get('Vary')));
    const coding = chooseContentCoding(c.req.header('Accept-Encoding'));
    const declaredLength = Number(res.headers.get('Content-Length') ?? Number.NaN);
    if (!coding || declaredLength < minBytes) return;
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
