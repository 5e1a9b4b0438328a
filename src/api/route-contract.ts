import type { core } from 'zod/mini';
import { apiErrorSchema } from './schemas/error.schema';

// ADR 018: every endpoint is declared once, as data, in src/api/schemas/<feature>.routes.ts. The
// server registers the contract (server/http/define-route.ts: validation, OpenAPI, a handler typed
// per status), the client calls it (call-route.ts: URL, ky, parsing). Browser-safe: zod/mini only.
// The browser build leaves out what only the server reads (OpenAPI texts, tags, security, request
// schemas, documented errors): build/strip-contract-docs.ts, ADR 008.

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type Schema = core.$ZodType;

/** Media type → the schema of the answer's body, as in an OpenAPI response's `content`. */
export type ResponseContent = Readonly<Record<string, { readonly schema: Schema }>>;

/**
 * One status's answer. Its kind follows from `content`:
 * - `application/json` → JSON, parsed by the schema (client) and typed against it (server);
 * - `text/plain` → text, likewise;
 * - no content → no body (204);
 * - any other media type (bytes, streams, playlists) → raw: the body is not parsed; the server
 *   answers it with `c.body(...)` and the client reads the URL (routeUrl) or the Response itself.
 */
export interface ResponseSpec {
  readonly description: string;
  readonly content?: ResponseContent;
}

export const securitySchemes = {
  bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
} as const;
export type SecurityRequirement = Partial<Record<keyof typeof securitySchemes, string[]>>;
export const bearerSecurity: readonly SecurityRequirement[] = [{ bearerAuth: [] }];

export interface RouteRequest {
  /** An object schema over the path's :placeholders. */
  readonly params?: Schema;
  /** An object schema over the query string (a repeated key arrives as an array). */
  readonly query?: Schema;
  /** A required JSON body. */
  readonly body?: Schema;
  /**
   * A required raw body instead of JSON: a file upload, its bytes as they are. The media types the
   * route accepts as Content-Type (anything else: 415); the file's name travels in Content-Disposition.
   */
  readonly upload?: readonly string[];
  /**
   * A multipart/form-data body (ADR 086): text fields, validated as strings by `fields` (an object
   * schema), and at most one file under the field `file.name`, of one of `file.types` as its part
   * declares (anything else: 415; the handler decides by the bytes). `file.optional`: it may be left out.
   */
  readonly form?: FormRequest;
}

export interface FormRequest {
  readonly fields: Schema;
  readonly file: { readonly name: string; readonly types: readonly string[]; readonly optional?: boolean };
}

/** One endpoint: what the server registers, the client calls and the OpenAPI document shows. */
export interface RouteContract<R extends RouteRequest = RouteRequest, Res extends Readonly<Record<number, ResponseSpec>> = Readonly<Record<number, ResponseSpec>>> {
  readonly method: HttpMethod;
  /** Hono style, placeholders after a colon: /api/courses/:id. */
  readonly path: string;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly security?: readonly SecurityRequirement[];
  readonly request?: R;
  readonly responses: Res;
}

/** Declares a contract; only keeps its literal types (statuses, schemas) for the server and the client. */
export function route<const R extends RouteRequest = Record<never, never>, const Res extends Readonly<Record<number, ResponseSpec>> = Readonly<Record<number, ResponseSpec>>>(
  contract: RouteContract<R, Res>,
): RouteContract<R, Res> {
  return contract;
}

// Response helpers: what most answers are. Free of side effects (marked so for the bundler): the
// browser build, which leaves out the documented errors, drops the answers nobody reads.

export const json = /*#__NO_SIDE_EFFECTS__*/ <S extends Schema>(description: string, schema: S) => ({ description, content: { 'application/json': { schema } } }) as const;
export const text = /*#__NO_SIDE_EFFECTS__*/ <S extends Schema>(description: string, schema: S) => ({ description, content: { 'text/plain': { schema } } }) as const;
export const empty = /*#__NO_SIDE_EFFECTS__*/ (description: string) => ({ description }) as const;
/** Bytes or a stream the client does not parse: media type → schema for the document (z.file(), z.string()). */
export const raw = /*#__NO_SIDE_EFFECTS__*/ <C extends ResponseContent>(description: string, content: C) => ({ description, content }) as const;

const error = /*#__NO_SIDE_EFFECTS__*/ (description: string) => json(description, apiErrorSchema);

/** Error responses every route documents: the body is always {status_code, message, code?}, translated. */
export const errorResponses = {
  badRequest: { 400: error('Invalid input (first problem, translated per X-App-Language)') },
  unauthorized: { 401: error('Missing, invalid, expired or revoked bearer token') },
  forbidden: { 403: error('Missing or wrong X-XSRF-TOKEN (must equal the XSRF-TOKEN cookie)') },
  /** Routes that need the second factor (or a role) say so in their own 403 text. */
  forbiddenOr: (reason: string) => ({ 403: error(`Missing or wrong X-XSRF-TOKEN, or ${reason}`) }),
  notFound: { 404: error('Not found') },
  /** Every write under /api: the body limit (1 MB). */
  payloadTooLarge: { 413: error('The body is larger than 1 MB') },
  /** Uploads: a Content-Type the route does not take, or bytes that are not of a type it takes. */
  unsupportedMediaType: { 415: error('A Content-Type the route does not accept, or a file whose bytes are not of a type it accepts') },
  tooManyRequests: { 429: error('Too many failures for the account or the client address: code RateLimited; Retry-After gives the seconds to wait') },
} as const;

/** The errors of a route that needs a signed-in session past two-factor (when the app requires it). */
export const fullAuthErrors = {
  ...errorResponses.unauthorized,
  ...errorResponses.forbiddenOr('two-factor is required and this session has not passed it'),
} as const;

// Kinds of answers, by type.

export type ContentOf<S> = S extends { readonly content: infer C } ? C : undefined;
export type ResponseKind<S> =
  ContentOf<S> extends undefined ? 'empty' : ContentOf<S> extends { 'application/json': unknown } ? 'json' : ContentOf<S> extends { 'text/plain': unknown } ? 'text' : 'raw';
/** The schema of a JSON or text answer. */
export type BodySchemaOf<S> = ContentOf<S> extends { 'application/json': { schema: infer B } } ? B : ContentOf<S> extends { 'text/plain': { schema: infer B } } ? B : never;

/** A declared status as a number (a key spread from a function's answer may type as "403"). */
export type StatusOf<K> = K extends number ? K : K extends `${infer N extends number}` ? N : never;
/** The declared answer of a status, whichever way its key types. */
export type ResponseAt<C extends RouteContract, S extends number> = C['responses'][Extract<keyof C['responses'], S | `${S}`>];

type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 205 | 206;
export type SuccessStatusOf<C extends RouteContract> = Extract<StatusOf<keyof C['responses']>, SuccessStatus>;

/** True when a contract declares more than one success status (login: 200 token, 204 dry run). */
export type IsUnion<T, U = T> = [T] extends [never] ? false : T extends unknown ? ([U] extends [T] ? false : true) : never;

/**
 * What the client gets from a successful call, per success status `S` (all of them by default): the
 * parsed body, nothing (204), or the Response (raw).
 */
export type RouteResult<C extends RouteContract, S extends SuccessStatusOf<C> = SuccessStatusOf<C>> = {
  [K in S]: ResultOf<ResponseAt<C, K>>;
}[S];
type ResultOf<S> = ResponseKind<S> extends 'empty' ? void : ResponseKind<S> extends 'raw' ? Response : BodySchemaOf<S> extends Schema ? core.output<BodySchemaOf<S>> : never;

type PartOf<C extends RouteContract, K extends keyof RouteRequest> = NonNullable<C['request']> extends { readonly [P in K]: infer S extends Schema } ? S : undefined;
/** What a part of the request is on the server (parsed) or the client (before parsing). */
export type ParsedPart<C extends RouteContract, K extends keyof RouteRequest> = PartOf<C, K> extends Schema ? core.output<PartOf<C, K>> : undefined;
export type InputPart<C extends RouteContract, K extends keyof RouteRequest> = PartOf<C, K> extends Schema ? core.input<PartOf<C, K>> : undefined;

/** Whether the contract takes a raw upload body (request.upload) rather than JSON. */
export type DeclaresUpload<C extends RouteContract> = NonNullable<C['request']> extends { readonly upload: readonly string[] } ? true : false;

/** Whether the contract takes a multipart form (request.form). */
export type DeclaresForm<C extends RouteContract> = NonNullable<C['request']> extends { readonly form: FormRequest } ? true : false;
/** The form's fields as the server gets them (parsed). */
export type FormFieldsOf<C extends RouteContract> = NonNullable<C['request']> extends { readonly form: { readonly fields: infer S extends Schema } } ? core.output<S> : undefined;

/** The path's placeholders, in OpenAPI style: /api/courses/:id → /api/courses/{id}. */
export const openApiPath = (path: string): string => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

/** The path with each :placeholder replaced by its encoded value. */
export function fillPath(path: string, params: Readonly<Record<string, unknown>> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
