import type { Context, MiddlewareHandler } from 'hono';
import type { core } from 'zod/mini';
import type { AppEnv } from './context';
import type { ApiApp } from './define-route';
import { openApiOperation, type SecurityRequirement } from './openapi';
import { openApiPath } from '../../src/api/route-contract';
import { readJsonBody, readQuery, validate } from './request-input';

// TEMPORARY (issue 12 §1 migration): routes not yet declared as contracts. Removed once all are.

type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Schema = core.$ZodType;

export interface ResponseSpec {
  description: string;
  /** Media type → the schema of the answer's body. */
  content?: Record<string, { schema: Schema }>;
}

export interface RouteRequest {
  /** An object schema over the path's {placeholders}. */
  params?: Schema;
  /** An object schema over the query string (a repeated key arrives as an array). */
  query?: Schema;
  /** A required JSON body. */
  body?: Schema;
}

export interface RouteSpec<R extends RouteRequest = RouteRequest> {
  method: HttpMethod;
  /** OpenAPI style, placeholders in braces: /api/users/{id}. */
  path: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  security?: readonly SecurityRequirement[];
  /** Runs before the input is validated (e.g. requireAuth: a 401 wins over a 400). */
  middleware?: MiddlewareHandler<AppEnv> | MiddlewareHandler<AppEnv>[];
  request?: R;
  responses: Record<number, ResponseSpec>;
}

type Parsed<R, K extends keyof RouteRequest> = R extends { [P in K]: infer S extends Schema } ? core.output<S> : undefined;

/** What the handler gets: each part parsed by its schema (undefined when the route declares none). */
export interface RouteInput<R extends RouteRequest> {
  params: Parsed<R, 'params'>;
  query: Parsed<R, 'query'>;
  body: Parsed<R, 'body'>;
}

export type RouteHandler<R extends RouteRequest> = (c: Context<AppEnv>, input: RouteInput<R>) => Response | Promise<Response>;

const honoPath = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');

/**
 * Registers one API operation: the Hono route, validation of its params, query and JSON body by
 * the shared schemas (a refusal answers 400 {status_code, message} with the first problem
 * translated), and its entry in the OpenAPI document.
 */
export function defineLegacyRoute<R extends RouteRequest = Record<never, never>>(app: ApiApp, spec: RouteSpec<R>, handler: RouteHandler<R>): void {
  // Built now, so a schema the generator cannot describe fails at start-up, not on /api/openapi.json.
  const operation = openApiOperation({ ...spec, path: spec.path.replace(/\{([^}]+)\}/g, ':$1') });
  const methods = (app.openApiPaths[openApiPath(honoPath(spec.path))] ??= {});
  if (methods[spec.method]) throw new Error(`defineRoute: ${spec.method.toUpperCase()} ${spec.path} is defined twice`);
  methods[spec.method] = operation;

  const { params, query, body } = spec.request ?? {};
  const run: MiddlewareHandler<AppEnv> = async (c) => {
    const input: Record<keyof RouteRequest, unknown> = { params: undefined, query: undefined, body: undefined };
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
    return handler(c, input as RouteInput<R>);
  };
  app.on(spec.method.toUpperCase(), [honoPath(spec.path)], ...[spec.middleware ?? []].flat(), run);
}
