import type { Context } from 'hono';
import type { FormRequest } from '../../src/api/route-contract';
import { HttpError } from './errors';

// A route whose contract declares `request.upload` (route-contract.ts) takes its body as bytes: a
// file, with its media type in Content-Type and its name in Content-Disposition. The size is
// bounded before this runs: the body limit on /api (app.ts) answers 413 first.

/** What the handler of an upload route gets. */
export interface UploadedFile {
  bytes: Uint8Array;
  /** The declared media type, lower case, without parameters: one the contract accepts. Only
   * what the client said: a handler that cares decides by the bytes. */
  contentType: string;
  /** The name from Content-Disposition; null when missing or unreadable. Only what the client said. */
  fileName: string | null;
}

/** The media type of a Content-Type value, lower case, without its parameters. */
export function mediaTypeOf(contentType: string | undefined): string | null {
  const type = contentType?.split(';')[0].trim().toLowerCase();
  return type ? type : null;
}

/** A file name is shown, never used as a path: control characters go, and it is kept short. */
const MAX_FILE_NAME = 255;
function tidyName(name: string): string | null {
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, MAX_FILE_NAME);
  return clean.length > 0 ? clean : null;
}

/**
 * The file name of a Content-Disposition value: `filename*=UTF-8''<percent-encoded>` (RFC 6266 and
 * 5987, preferred), else `filename="…"` or `filename=token`. Tolerant: anything missing or garbled
 * gives null, never an error.
 */
export function fileNameOf(disposition: string | undefined): string | null {
  if (!disposition) return null;
  const extended = /(?:^|;)\s*filename\*\s*=\s*([^;]*)/i.exec(disposition);
  if (extended) {
    const match = /^\s*([A-Za-z0-9-]+)'[^']*'(.*?)\s*$/.exec(extended[1]);
    if (match && match[1].toLowerCase() === 'utf-8') {
      try {
        const name = tidyName(decodeURIComponent(match[2]));
        if (name) return name;
      } catch {
        // A broken escape: fall back to the plain parameter, if any.
      }
    }
  }
  const quoted = /(?:^|;)\s*filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(disposition);
  if (quoted) return tidyName(quoted[1].replace(/\\(.)/g, '$1'));
  const token = /(?:^|;)\s*filename\s*=\s*([^";\s][^;]*)/i.exec(disposition);
  return token ? tidyName(token[1]) : null;
}

/**
 * The request's body as an upload: a Content-Type outside `accepted` (or none) → 415, no bytes →
 * 400, both translated.
 */
export async function readUpload(c: Context, accepted: readonly string[]): Promise<UploadedFile> {
  const contentType = mediaTypeOf(c.req.header('content-type'));
  const allowed = accepted.map((type) => type.toLowerCase());
  if (!contentType || !allowed.includes(contentType)) throw new HttpError(415, 'server:upload_type_unsupported', { types: accepted.join(', ') });
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.byteLength === 0) throw new HttpError(400, 'server:upload_empty');
  return { bytes, contentType, fileName: fileNameOf(c.req.header('content-disposition')) };
}

/**
 * The request's multipart form (ADR 086): not multipart/form-data → 415; a form that does not parse
 * → 400. The text fields go to the contract's schema as strings (a repeated one: its last value); the
 * file must be of a media type the contract takes as its part declares (415), not empty (400), and
 * present unless optional (400). A file in a text field, or text in the file field, is a 400.
 */
export async function readForm(c: Context, spec: FormRequest): Promise<{ fields: Record<string, string>; file: UploadedFile | null }> {
  if (mediaTypeOf(c.req.header('content-type')) !== 'multipart/form-data') throw new HttpError(415, 'server:upload_type_unsupported', { types: 'multipart/form-data' });
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new HttpError(400, 'server:form_unreadable');
  }
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  for (const [name, value] of form.entries()) {
    if (name === spec.file.name) {
      if (typeof value === 'string' || file) throw new HttpError(400, 'server:form_file_invalid');
      const contentType = mediaTypeOf(value.type);
      const allowed = spec.file.types.map((type) => type.toLowerCase());
      if (!contentType || !allowed.includes(contentType)) throw new HttpError(415, 'server:upload_type_unsupported', { types: spec.file.types.join(', ') });
      const bytes = new Uint8Array(await value.arrayBuffer());
      if (bytes.byteLength === 0) throw new HttpError(400, 'server:upload_empty');
      file = { bytes, contentType, fileName: value.name ? tidyName(value.name) : null };
    } else if (typeof value === 'string') fields[name] = value;
    else throw new HttpError(400, 'server:form_file_invalid');
  }
  if (!file && !spec.file.optional) throw new HttpError(400, 'server:form_file_missing');
  return { fields, file };
}
