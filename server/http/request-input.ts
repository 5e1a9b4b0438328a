import type { Context } from 'hono';
import { z } from 'zod/mini';
import { HttpError, errorResponse, validationMessage } from './errors';
import { langOf } from './context';

// A JSON media type, optionally with parameters (charset...); anything else is refused with 415
// rather than guessed at.
const JSON_CONTENT_TYPE = /^application\/([a-z-.]+\+)?json(;\s*[a-zA-Z0-9-]+=([^;]+))*$/i;

/** The query string as an object: a key given once is a string, a repeated key an array. */
export function readQuery(c: Context): Record<string, string | string[]> {
  return Object.fromEntries(Object.entries(c.req.queries()).map(([k, v]) => [k, v.length === 1 ? v[0] : v]));
}

/**
 * The request's JSON body. No Content-Type and no body: `{}`, marked absent, so the schema decides
 * and the message says the body is missing. A body that is not declared JSON → 415; JSON that does
 * not parse → 400.
 */
export async function readJsonBody(c: Context): Promise<{ value: unknown; absent: boolean }> {
  const contentType = c.req.header('content-type');
  const text = await c.req.text();
  if (!contentType) {
    if (text.length > 0) throw new HttpError(415, 'server:unsupported_media_type');
    return { value: {}, absent: true };
  }
  if (!JSON_CONTENT_TYPE.test(contentType)) throw new HttpError(415, 'server:unsupported_media_type');
  try {
    return { value: JSON.parse(text) as unknown, absent: false };
  } catch {
    throw new HttpError(400, 'server:bad_json');
  }
}

export type Validated<T> = { ok: true; data: T } | { ok: false; response: Response };

/** Parses `value` with a shared schema; a refusal becomes the 400 answer, its first problem translated. */
export async function validate<S extends z.core.$ZodType>(
  c: Context,
  schema: S,
  value: unknown,
  { noBody = false }: { noBody?: boolean } = {},
): Promise<Validated<z.output<S>>> {
  // Async, so a schema with an async refinement works too.
  const result = await z.safeParseAsync(schema, value);
  if (result.success) return { ok: true, data: result.data };
  const message = noBody ? undefined : validationMessage(result.error, langOf(c));
  return { ok: false, response: errorResponse(c, 400, 'server:invalid_body', undefined, message) };
}
