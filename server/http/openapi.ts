import { z } from 'zod/mini';
import { apiErrorSchema } from '../../src/api/schemas/error.schema';
import type { ResponseSpec, RouteSpec } from './define-route';

type JsonSchema = z.core.JSONSchema.BaseSchema;

const error = (description: string): ResponseSpec => ({ description, content: { 'application/json': { schema: apiErrorSchema } } });

/** Error responses every route documents: the body is always {status_code, message, code?}, translated. */
export const errorResponses = {
  badRequest: { 400: error('Invalid input (first problem, translated per X-App-Language)') },
  unauthorized: { 401: error('Missing, invalid, expired or revoked bearer token') },
  forbidden: { 403: error('Missing or wrong X-XSRF-TOKEN (must equal the XSRF-TOKEN cookie)') },
  /** Routes that need the second factor (or a role) say so in their own 403 text. */
  forbiddenOr: (reason: string) => ({ 403: error(`Missing or wrong X-XSRF-TOKEN, or ${reason}`) }),
  notFound: { 404: error('Not found') },
  tooManyRequests: { 429: error('Too many failures for the account or the client address: code RateLimited; Retry-After gives the seconds to wait') },
};

export const securitySchemes = {
  bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
} as const;
export type SecurityRequirement = Partial<Record<keyof typeof securitySchemes, string[]>>;

export const bearerSecurity: SecurityRequirement[] = [{ bearerAuth: [] }];

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface OpenApiOperation {
  tags: readonly string[];
  summary: string;
  description?: string;
  security?: readonly SecurityRequirement[];
  parameters?: Parameter[];
  requestBody?: { required: true; content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
}
/** path → method → operation, as in the document's `paths`. */
export type OpenApiPaths = Record<string, Partial<Record<RouteSpec['method'], OpenApiOperation>>>;

const tidy =
  (io: 'input' | 'output') =>
  ({ jsonSchema }: { jsonSchema: JsonSchema }): void => {
    // Zod bounds every integer to the safe range; in a reference that is noise, not a rule.
    if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
    // Answers may gain fields later (the client's schemas drop unknown ones); the reference must
    // not tell other clients to refuse them.
    if (io === 'output' && jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
  };

/** A shared schema as OpenAPI 3.1 (JSON Schema 2020-12): what a request may send, or what an answer holds. */
export function jsonSchemaOf(schema: z.core.$ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io, override: tidy(io) }) as JsonSchema;
  // $defs would need rewriting into components; no contract schema is recursive or has an id.
  if (json.$defs) throw new Error('OpenAPI: recursive schemas and schemas with an id are not supported');
  return json;
}

function parametersOf(schema: z.core.$ZodType | undefined, where: Parameter['in']): Parameter[] {
  if (!schema) return [];
  const json = jsonSchemaOf(schema, 'input');
  if (json.type !== 'object' || !json.properties) throw new Error(`OpenAPI: ${where} must be described by an object schema`);
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties).map(([name, property]) => {
    const { description, ...rest } = typeof property === 'boolean' ? {} : property;
    return {
      name,
      in: where,
      // Path parameters are always required in OpenAPI.
      required: where === 'path' || required.has(name),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

function responseOf({ description, content }: ResponseSpec): OpenApiOperation['responses'][string] {
  if (!content) return { description };
  return {
    description,
    content: Object.fromEntries(Object.entries(content).map(([type, { schema }]) => [type, { schema: jsonSchemaOf(schema, 'output') }])),
  };
}

/** The OpenAPI operation object of one route. */
export function openApiOperation(spec: RouteSpec): OpenApiOperation {
  const { params, query, body } = spec.request ?? {};
  const parameters = [...parametersOf(params, 'path'), ...parametersOf(query, 'query')];
  const placeholders = [...spec.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
  const described = parameters.filter((p) => p.in === 'path').map((p) => p.name).sort();
  if (placeholders.join() !== described.join()) throw new Error(`OpenAPI: ${spec.path}: request.params must describe exactly {${placeholders.join('}, {')}}`);
  return {
    tags: spec.tags,
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    ...(spec.security ? { security: spec.security } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(body, 'input') } } } } : {}),
    responses: Object.fromEntries(Object.entries(spec.responses).map(([status, response]) => [status, responseOf(response)])),
  };
}

export interface OpenApiInfo {
  title: string;
  version: string;
  description?: string;
}

/** The whole OpenAPI 3.1 document of the operations defineRoute recorded. */
export function openApiDocument(paths: OpenApiPaths, info: OpenApiInfo) {
  return { openapi: '3.1.0', info, paths, components: { securitySchemes } };
}
