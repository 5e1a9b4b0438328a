import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { core } from 'zod/mini';
import type { ApiErrorCode } from '../../src/api/schemas/error.schema';
import type { Language } from '../../src/config/constants';
import { isMessageKey, translate, type MessageKey } from '../i18n/messages';
import { langOf } from './context';

export interface ErrorExtras {
  /** The machine-readable reason the client acts on (error.schema.ts). */
  code?: ApiErrorCode;
  /** Response headers that go with the refusal (e.g. Retry-After). */
  headers?: Record<string, string>;
}

/** A refusal the handler means (wrong password, not found...): answered as {status_code, message, code?}. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly key: MessageKey,
    readonly vars: Record<string, string | number> = {},
    readonly extras: ErrorExtras = {},
  ) {
    super(key);
  }
}

export function errorResponse<S extends ContentfulStatusCode>(
  c: Context,
  status: S,
  key: MessageKey,
  vars?: Record<string, string | number>,
  /** An already translated message (validation); `key` is then only the fallback. */
  message?: string,
  { code, headers = {} }: ErrorExtras = {},
) {
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  const text = message ?? translate(langOf(c), key, vars);
  return c.json(code ? { status_code: status, message: text, code } : { status_code: status, message: text }, status);
}

/** The first zod issue, translated: shared schemas carry i18n keys; zod's own texts become a generic one. */
export function validationMessage(error: core.$ZodError, lang: Language): string {
  const issue = error.issues[0];
  if (!issue) return translate(lang, 'server:invalid_body');
  if (isMessageKey(issue.message)) return translate(lang, issue.message);
  const inner = unionBranchMessage(issue);
  if (inner) return translate(lang, inner);
  const field = issue.path.map(String).join('.');
  return field ? translate(lang, 'server:invalid_field', { field }) : translate(lang, 'server:invalid_body');
}

/**
 * A value that matches no branch of a union (e.g. a quiz answer: option ids or a text) but has the
 * type of one: that branch's own message (too many choices, NUL in the text...), not "not valid".
 */
function unionBranchMessage(issue: core.$ZodIssue): string | undefined {
  if (issue.code !== 'invalid_union') return undefined;
  for (const branch of issue.errors) {
    const first = branch[0];
    if (!first || first.code === 'invalid_type') continue;
    if (isMessageKey(first.message)) return first.message;
    const deeper = unionBranchMessage(first);
    if (deeper) return deeper;
  }
  return undefined;
}

// Hono and its validators throw HTTPException for malformed requests; each gets a translated text.
const exceptionKeys: Partial<Record<number, MessageKey>> = {
  400: 'server:bad_json',
  401: 'server:unauthorized',
  404: 'server:not_found',
  413: 'server:payload_too_large',
  415: 'server:unsupported_media_type',
  429: 'server:too_many_requests',
};

export function handleError(error: Error, c: Context, log: (line: string) => void) {
  if (error instanceof HttpError) return errorResponse(c, error.status, error.key, error.vars, undefined, error.extras);
  if (error instanceof HTTPException && error.status < 500) {
    const status = error.status as ContentfulStatusCode;
    return errorResponse(c, status, exceptionKeys[status] ?? 'server:invalid_body');
  }
  log(`error: ${c.req.method} ${c.req.path}: ${error.stack ?? error.message}`);
  return errorResponse(c, 500, 'server:internal_error');
}
