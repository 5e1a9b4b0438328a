import { Hono, type Context, type MiddlewareHandler, type TypedResponse } from 'hono';
import type { StatusCode } from 'hono/utils/http-status';
import type { core } from 'zod/mini';
import { ANSWER_CHECK, checkAnswer, checkRefusal, recordJson } from './answer-check';
import {
  openApiPath,
  type BodySchemaOf,
  type DeclaresForm,
  type DeclaresUpload,
  type FormFieldsOf,
  type HttpMethod,
  type ParsedPart,
  type ResponseAt,
  type ResponseKind,
  type RouteContract,
  type RouteRequest,
  type StatusOf,
} from '../../src/api/route-contract';
import type { AppEnv } from './context';
import { openApiOperation, type OpenApiPaths } from './openapi';
import { readJsonBody, readQuery, validate } from './request-input';
import { readForm, readUpload, type UploadedFile } from './upload-input';

export type { HttpMethod, RouteContract, UploadedFile };

/** The API's Hono app, plus the OpenAPI operations and the contracts defineRoute recorded on it. */
export class ApiApp extends Hono<AppEnv> {
  readonly openApiPaths: OpenApiPaths = {};
  /** Every contract registered, for the test that each has a handler and a client. */
  readonly contracts = new Set<RouteContract>();
}

/** What the handler gets: each part parsed by its schema (undefined when the route declares none). */
export interface RouteInput<C extends RouteContract> {
  params: ParsedPart<C, 'params'>;
  query: ParsedPart<C, 'query'>;
  body: ParsedPart<C, 'body'>;
  /** The raw body of a route that declares `request.upload` (upload-input.ts). */
  upload: DeclaresUpload<C> extends true ? UploadedFile : undefined;
  /** The multipart form of a route that declares `request.form`: its fields parsed, its file (null when left out). */
  form: DeclaresForm<C> extends true ? { fields: FormFieldsOf<C>; file: UploadedFile | null } : undefined;
}

/** A Hono answer with the status and the body the contract declares for that status. */
type AnswerOf<S, Status extends number> =
  ResponseKind<S> extends 'empty'
    ? TypedResponse<null, Status & StatusCode, 'body'>
    : ResponseKind<S> extends 'json'
      ? TypedResponse<core.input<BodySchemaOf<S> & core.$ZodType>, Status & StatusCode, 'json'>
      : ResponseKind<S> extends 'text'
        ? TypedResponse<string, Status & StatusCode, 'text'>
        : TypedResponse<unknown, Status & StatusCode, 'body'>;

/** Every answer the handler may give: one per declared status, its body typed by that status's schema. */
export type RouteAnswer<C extends RouteContract> = Response &
  {
    [K in StatusOf<keyof C['responses']>]: AnswerOf<ResponseAt<C, K>, K>;
  }[StatusOf<keyof C['responses']>];

export type RouteHandler<C extends RouteContract> = (c: Context<AppEnv>, input: RouteInput<C>) => RouteAnswer<C> | Promise<RouteAnswer<C>>;

type Middleware = MiddlewareHandler<AppEnv> | MiddlewareHandler<AppEnv>[];

/**
 * Registers one API operation from its contract: the Hono route, validation of its params, query
 * and JSON body by the shared schemas (a refusal answers 400 {status_code, message} with the first
 * problem translated) or the reading of its upload (upload-input.ts), and its entry in the OpenAPI
 * document. `middleware` (e.g. requireAuth) runs before the input is validated: a 401 wins over a
 * 400.
 */
export function defineRoute<C extends RouteContract>(app: ApiApp, contract: C, handler: RouteHandler<C>): void;
export function defineRoute<C extends RouteContract>(app: ApiApp, contract: C, middleware: Middleware, handler: RouteHandler<C>): void;
export function defineRoute<C extends RouteContract>(app: ApiApp, contract: C, ...rest: [RouteHandler<C>] | [Middleware, RouteHandler<C>]): void {
  const [middleware, handler] = rest.length === 2 ? rest : [[], rest[0]];
  const { params, query, body, upload, form } = (contract.request ?? {}) as RouteRequest;
  if ([body, upload, form].filter(Boolean).length > 1) throw new Error(`defineRoute: ${contract.method.toUpperCase()} ${contract.path} declares more than one body: both a JSON body and an upload, or a form beside either`);
  if (upload?.length === 0) throw new Error(`defineRoute: ${contract.method.toUpperCase()} ${contract.path} declares an upload of no media type`);
  // Built now, so a schema the generator cannot describe fails at start-up, not on /api/openapi.json.
  const operation = openApiOperation(contract);
  const methods = (app.openApiPaths[openApiPath(contract.path)] ??= {});
  if (methods[contract.method]) throw new Error(`defineRoute: ${contract.method.toUpperCase()} ${contract.path} is defined twice`);
  methods[contract.method] = operation;
  app.contracts.add(contract);

  const run: MiddlewareHandler<AppEnv> = async (c) => {
    const input: Record<keyof RouteRequest, unknown> = { params: undefined, query: undefined, body: undefined, upload: undefined, form: undefined };
    // The order of the checks decides which problem a request with several is told about.
    if (query) {
      const result = await validate(c, query, readQuery(c));
      if (!result.ok) return result.response;
      input.query = result.data;
    }
    if (params) {
      const result = await validate(c, params, c.req.param());
      if (!result.ok) return result.response;
      input.params = result.data;
    }
    if (body) {
      const read = await readJsonBody(c);
      // No body at all reads better as "missing body" than as the first missing field.
      const result = await validate(c, body, read.value, { noBody: read.absent });
      if (!result.ok) return result.response;
      input.body = result.data;
    }
    // Read last: a request refused for its params or query is not read at all.
    if (upload) input.upload = await readUpload(c, upload);
    if (form) {
      const read = await readForm(c, form);
      const result = await validate(c, form.fields, read.fields);
      if (!result.ok) return result.response;
      input.form = { fields: result.data, file: read.file };
    }
    if (!ANSWER_CHECK) return handler(c, input as RouteInput<C>);
    const record = recordJson(c);
    try {
      return checkAnswer(contract, await handler(c, input as RouteInput<C>), record.sent);
    } catch (error) {
      throw checkRefusal(contract, error);
    }
  };
  app.on(contract.method.toUpperCase(), [contract.path], ...[middleware].flat(), run);
}
