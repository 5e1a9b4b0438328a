import { z } from 'zod/mini';
import { openApiPath, securitySchemes, type FormRequest, type HttpMethod, type ResponseSpec, type RouteContract, type SecurityRequirement } from '../../src/api/route-contract';

type JsonSchema = z.core.JSONSchema.BaseSchema;

// The document is generated from the route contracts (src/api/schemas/*.routes.ts, ADR 018).
export { bearerSecurity, errorResponses, securitySchemes, type SecurityRequirement } from '../../src/api/route-contract';

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
  /** A JSON body (request.body), or an upload's bytes under each media type it accepts (request.upload). */
  requestBody?: { required: true; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
}
/** path → method → operation, as in the document's `paths`. */
export type OpenApiPaths = Record<string, Partial<Record<HttpMethod, OpenApiOperation>>>;

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

/** An upload's body in OpenAPI 3.1 terms: the bytes as they are (OpenAPI 3.0's binary string). */
const UPLOAD_SCHEMA: JsonSchema = { type: 'string', format: 'binary' };

/** A multipart form in OpenAPI terms: its fields' schema plus the file part, with the media types it takes. */
function formSchemaOf(form: FormRequest): JsonSchema {
  const fields = jsonSchemaOf(form.fields, 'input') as JsonSchema & { properties?: Record<string, JsonSchema>; required?: string[] };
  return {
    ...fields,
    properties: { ...fields.properties, [form.file.name]: { ...UPLOAD_SCHEMA } },
    ...(form.file.optional ? {} : { required: [...(fields.required ?? []), form.file.name] }),
  };
}

function responseOf({ description, content }: ResponseSpec): OpenApiOperation['responses'][string] {
  if (!content) return { description };
  return {
    description,
    content: Object.fromEntries(Object.entries(content).map(([type, { schema }]) => [type, { schema: jsonSchemaOf(schema, 'output') }])),
  };
}

/** The OpenAPI operation object of one route. */
export function openApiOperation(spec: RouteContract): OpenApiOperation {
  const { params, query, body, upload, form } = spec.request ?? {};
  const path = openApiPath(spec.path);
  const parameters = [...parametersOf(params, 'path'), ...parametersOf(query, 'query')];
  const placeholders = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
  const described = parameters.filter((p) => p.in === 'path').map((p) => p.name).sort();
  if (placeholders.join() !== described.join()) throw new Error(`OpenAPI: ${spec.path}: request.params must describe exactly :${placeholders.join(', :')}`);
  return {
    tags: spec.tags,
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    ...(spec.security ? { security: spec.security } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(body, 'input') } } } } : {}),
    ...(upload ? { requestBody: { required: true, content: Object.fromEntries(upload.map((type) => [type, { schema: { ...UPLOAD_SCHEMA } }])) } } : {}),
    ...(form ? { requestBody: { required: true, content: { 'multipart/form-data': { schema: formSchemaOf(form) } } } } : {}),
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
