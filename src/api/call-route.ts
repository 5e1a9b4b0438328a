import type { Options } from 'ky';
import { http } from './http';
import { searchOf, takeFirstRead } from './page-data';
import { expectEmpty, parseJson, parseText } from './parse';
import { fillPath, type DeclaresForm, type DeclaresUpload, type InputPart, type IsUnion, type RouteContract, type RouteResult, type Schema, type SuccessStatusOf } from './route-contract';

// ADR 018: the one way the client calls an endpoint. The URL comes from the contract's path and
// typed params, the call goes through the app's ky instance (every header, XSRF and error rule of
// http.ts), and the answer is parsed by the schema the contract declares for its success status.

type Part<C extends RouteContract, K extends 'params' | 'query' | 'body'> = InputPart<C, K> extends undefined ? { [P in K]?: undefined } : { [P in K]: InputPart<C, K> };

/**
 * A route that declares `request.upload` is sent a file: its bytes as the body with the Blob's
 * type as Content-Type, and its name in Content-Disposition. Required then, refused otherwise.
 */
type UploadPart<C extends RouteContract> = DeclaresUpload<C> extends true ? { upload: Blob; fileName: string } : { upload?: undefined; fileName?: undefined };

/** A route that declares `request.form` is sent a multipart form, built by its feature's api module
 * (the browser build drops `request`, so the form's field names live there, typed by the schema). */
type FormPart<C extends RouteContract> = DeclaresForm<C> extends true ? { form: FormData } : { form?: undefined };

/**
 * Which declared success status this call expects, and so how its answer is read and typed: required
 * when the contract declares several (login: `expect: 204` for a dry run), optional otherwise.
 */
type ExpectPart<C extends RouteContract, S> = IsUnion<SuccessStatusOf<C>> extends true ? { expect: S } : { expect?: S };

/** The request: the parts the contract declares (required when declared), and transport options. */
export type CallInput<C extends RouteContract, S extends SuccessStatusOf<C> = SuccessStatusOf<C>> = Part<C, 'params'> &
  Part<C, 'query'> &
  Part<C, 'body'> &
  UploadPart<C> &
  FormPart<C> &
  ExpectPart<C, S> & {
    signal?: AbortSignal;
    /** Headers of this call only (e.g. the client clock); the rewriting rules of http.ts still apply. */
    headers?: Record<string, string>;
    timeout?: Options['timeout'];
  };

const API_PREFIX = '/api/';

/** The site path of an endpoint, for what the browser fetches by itself (a media element, hls.js). */
export function routeUrl<C extends RouteContract>(contract: C, params?: InputPart<C, 'params'>): string {
  return fillPath(contract.path, params as Record<string, unknown> | undefined);
}

/** The path of a call, relative to the API root of `http` (no leading /api/: every contract lives
 * under it, which route-coverage.test.ts checks for all of them). */
export function routePath<C extends RouteContract>(contract: C, params?: InputPart<C, 'params'>): string {
  return routeUrl(contract, params).slice(API_PREFIX.length);
}

/**
 * `attachment; filename*=UTF-8''…` (RFC 6266, 5987): any name, in any script, as ASCII. Besides
 * what encodeURIComponent escapes, RFC 5987 leaves out ' ( ) *.
 */
export function attachmentDisposition(fileName: string): string {
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename*=UTF-8''${encoded}`;
}

/** The content of the success answer the call expects; a call the contract cannot answer throws. */
function successOf(contract: RouteContract, expected: number | undefined): Record<string, { schema: Schema }> | undefined {
  const statuses = Object.keys(contract.responses).map(Number).filter((status) => status >= 200 && status < 300);
  const status = expected ?? (statuses.length === 1 ? statuses[0] : undefined);
  if (status === undefined || !statuses.includes(status)) {
    const problem = expected === undefined ? 'several success statuses are declared, say which one the call expects' : `expects ${expected}, which the contract does not declare`;
    throw new Error(`${contract.method} ${contract.path}: ${problem}`);
  }
  return contract.responses[status].content;
}

/**
 * Calls the endpoint and answers its parsed success body (void for 204, the Response for raw
 * answers). A contract with several success statuses is called with `expect`, the one this call
 * asks for; its answer is read and typed as that status declares.
 */
export function callRoute<C extends RouteContract, const S extends SuccessStatusOf<C> = SuccessStatusOf<C>>(
  contract: C,
  ...[input]: Record<never, never> extends CallInput<C, S> ? [CallInput<C, S>?] : [CallInput<C, S>]
): Promise<RouteResult<C, S>> {
  const { params, query, body, upload, fileName, form, signal, headers, timeout, expect } = (input ?? {}) as Pick<CallInput<RouteContract>, 'signal' | 'headers' | 'timeout'> & {
    params?: unknown;
    query?: unknown;
    body?: unknown;
    upload?: Blob;
    fileName?: string;
    form?: FormData;
    expect?: number;
  };
  // Checked before anything is sent: a call the contract cannot answer is a programming error.
  const content = successOf(contract, expect);
  const options: Options = { method: contract.method };
  const search = searchOf(query);
  if (search && search.size > 0) options.searchParams = search;
  if (body !== undefined) options.json = body;
  if (signal) options.signal = signal;
  if (headers) options.headers = headers;
  if (upload !== undefined) {
    options.body = upload;
    options.headers = { ...headers, 'Content-Type': upload.type || 'application/octet-stream', 'Content-Disposition': attachmentDisposition(fileName ?? '') };
  }
  // The browser sets multipart/form-data with its boundary itself.
  if (form !== undefined) options.body = form;
  if (timeout !== undefined) options.timeout = timeout;
  const path = routePath(contract, params as never);
  // A plain GET its page's first reads already sent (page-data.ts, ADR 088) is read, not sent again.
  const plainGet = contract.method === 'get' && !headers && timeout === undefined;
  const call = (plainGet ? takeFirstRead(path, search, signal) : null) ?? http(path, options);
  const jsonSchema = content?.['application/json']?.schema;
  const textSchema = content?.['text/plain']?.schema;
  const answer: Promise<unknown> = !content
    ? expectEmpty(call)
    : jsonSchema
      ? parseJson(jsonSchema as never, call)
      : textSchema
        ? parseText(textSchema as never, call)
        : call;
  return answer as Promise<RouteResult<C, S>>;
}
