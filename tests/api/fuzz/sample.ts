// A valid-looking value for a JSON Schema (as the server's OpenAPI document gives it). The fuzz
// starts from this and breaks one part at a time, so the other parts pass validation and the
// broken one travels as deep into the handler (and the database) as the schemas let it.

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  exclusiveMaximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  default?: unknown;
}

// Texts tried in order for a string with a pattern or length rule: the first that satisfies every
// rule is used. Covers the contract's ids, codes, hls names and passwords without naming fields.
const STRING_CANDIDATES = ['1', '123456', 'Aa345678Bb', 'index.m3u8', 'agent01', 'a', '2026-01-15', '2026-01-15T09:00:00Z'];

const FORMAT_SAMPLES: Record<string, string> = {
  email: 'agent01@example.com',
  date: '2026-01-15',
  'date-time': '2026-01-15T09:00:00Z',
  uuid: '3f9c2a4e-8b1d-4c6f-9e2a-7d5b1c0a9f31',
};

function patternsOf(schema: JsonSchema): RegExp[] {
  const own = schema.pattern ? [new RegExp(schema.pattern)] : [];
  return [...own, ...(schema.allOf ?? []).flatMap(patternsOf)];
}

/** Texts that pass a string's format or pattern but sit at the edge of what a column or a Date holds:
 * the first and last days PostgreSQL and JavaScript disagree on, a day that does not exist, the
 * largest ids. Sent where the schema lets them through, so they reach the handler and the database. */
const EDGE_CANDIDATES = [
  '0000-01-01',
  '0001-01-01',
  '9999-12-31',
  '2026-02-30',
  '2026-13-01',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '2026-02-30T09:00:00Z',
  '2026-01-15T24:00:00Z',
  '2147483647',
  '2147483648',
  '999999999999999',
  '00000000-0000-0000-0000-000000000000',
];

/** The edge texts this string schema accepts (by its format or its patterns and lengths). */
export function edgeStrings(schema: JsonSchema): string[] {
  const alternatives = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  if (alternatives.length > 0) return [...new Set(alternatives.flatMap(edgeStrings))];
  const patterns = patternsOf(schema);
  const byFormat: Record<string, RegExp> = { date: /^\d{4}-\d{2}-\d{2}$/, 'date-time': /T/, uuid: /^[0-9a-f-]{36}$/ };
  const fits = (s: string) =>
    s.length >= (schema.minLength ?? 0) &&
    s.length <= (schema.maxLength ?? Infinity) &&
    patterns.every((p) => p.test(s)) &&
    (!schema.format || !byFormat[schema.format] || byFormat[schema.format].test(s));
  // The longest text the schema lets through, in characters of three and four UTF-8 bytes: a
  // column or an index may count bytes where the schema counts characters.
  const longest = schema.maxLength !== undefined && schema.maxLength <= 100_000 ? ['中'.repeat(schema.maxLength), '😀'.repeat(Math.floor(schema.maxLength / 2))] : [];
  // Without a rule every text fits; the bad texts cover those fields already.
  if (patterns.length === 0 && !schema.format) return longest.filter(fits);
  return [...EDGE_CANDIDATES, ...longest].filter(fits);
}

/** The bounds a number schema lets through: its largest and smallest values. */
export function edgeNumbers(schema: JsonSchema): number[] {
  const alternatives = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  if (alternatives.length > 0) return [...new Set(alternatives.flatMap(edgeNumbers))];
  const type = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (!type.includes('integer') && !type.includes('number')) return [];
  return [schema.maximum, schema.minimum, schema.exclusiveMinimum === undefined ? undefined : schema.exclusiveMinimum + 1].filter((n): n is number => n !== undefined && Number.isFinite(n));
}

function sampleString(schema: JsonSchema): string {
  if (schema.format && FORMAT_SAMPLES[schema.format]) return FORMAT_SAMPLES[schema.format];
  const patterns = patternsOf(schema);
  const fits = (s: string) =>
    s.length >= (schema.minLength ?? 0) && s.length <= (schema.maxLength ?? Infinity) && patterns.every((p) => p.test(s));
  return STRING_CANDIDATES.find(fits) ?? 'a'.repeat(Math.max(1, schema.minLength ?? 1));
}

function sampleNumber(schema: JsonSchema, integer: boolean): number {
  const low = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : (schema.minimum ?? 1);
  const value = Math.max(low, 1);
  const bounded = schema.maximum !== undefined ? Math.min(value, schema.maximum) : value;
  return integer ? Math.ceil(bounded) : bounded;
}

const firstType = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type);

export function sample(schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const alternative = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (alternative) return sample(alternative);
  if (schema.default !== undefined) return schema.default;
  switch (firstType(schema)) {
    case 'string':
      return sampleString(schema);
    case 'integer':
      return sampleNumber(schema, true);
    case 'number':
      return sampleNumber(schema, false);
    case 'boolean':
      return true;
    case 'array':
      return schema.prefixItems ? schema.prefixItems.map(sample) : schema.items ? [sample(schema.items)] : [];
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, property]) => [name, sample(property)]));
    case 'null':
      return null;
    default:
      if (schema.allOf?.length) return sample(schema.allOf[0]);
      return 'a';
  }
}
