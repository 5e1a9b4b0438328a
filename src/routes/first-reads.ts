// ADR 088: what a page reads on entry, declared once beside the page (`<feature>.first-reads.ts`).
// From each declaration come the router's loader (first-reads.loader.ts sends the reads into the
// page-data cache, src/api/page-data.ts, which the page's own calls then read) and the early script
// that asks for them before the app has loaded (build/early-script.ts writes it at build time).
// Plain data and pure functions, no import of the app: the build reads these modules in Node.

/** A page parameter is an id: what idTextSchema accepts (digits, at most MAX_SAFE_INTEGER). */
export const ID_PATTERN = '\\d{1,16}';

export function isIdParam(value: string | undefined): value is string {
  return value !== undefined && new RegExp(`^${ID_PATTERN}$`).test(value) && Number(value) <= Number.MAX_SAFE_INTEGER;
}

type QueryValue = string | number | undefined | null;

export interface FirstRead {
  /** A contract's path (`/api/courses/:id`), from its `*.paths.ts`; no schema, so the loaders stay small. */
  path: string;
  /** Each path parameter, named by the page parameter (an id) it takes its value from. */
  params?: Readonly<Record<string, string>>;
  /** The query as the page's address asks for it, null for nothing to ask (a search without words).
   * Without it the read does not depend on the query string. */
  query?: (search: URLSearchParams) => Readonly<Record<string, QueryValue>> | null;
  /** The largest picture of the page is the first item's (ADR 048): the early script preloads it
   * from the answer. `fallback` when the item has none. */
  firstImage?: { list: string; field: string; fallback: string };
}

export interface PageFirstReads {
  /** The page's address as the router writes it, absolute: `/course/:courseId`; `*` is any address. */
  page: string;
  /** For `*`: the addresses outside it (the router's pages outside the signed-in layout). */
  outside?: readonly string[];
  reads: readonly FirstRead[];
}

export interface ResolvedRead {
  /** Under the API root, without /api/: `courses/7`. */
  path: string;
  query?: Readonly<Record<string, string>>;
}

const API_PREFIX = '/api/';

/** Only the values that say something, as text (the list calls leave out the same, list-query.ts). */
function compactQuery(query: Readonly<Record<string, QueryValue>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const text = String(value).trim();
    if (text !== '') out[key] = text;
  }
  return out;
}

/** The requests a page's declaration makes for these page parameters and query string; none when
 * a parameter is not an id (the page will say it does not exist). */
export function resolveFirstReads(declared: PageFirstReads, params: Readonly<Record<string, string | undefined>>, search: URLSearchParams): ResolvedRead[] {
  const pageParams = [...declared.page.matchAll(/:([A-Za-z_]\w*)/g)].map(([, name]) => name);
  if (!pageParams.every((name) => isIdParam(params[name]))) return [];
  const out: ResolvedRead[] = [];
  for (const read of declared.reads) {
    const values: Record<string, string> = {};
    let ids = true;
    for (const [name, from] of Object.entries(read.params ?? {})) {
      const value = params[from];
      if (!isIdParam(value)) ids = false;
      else values[name] = value;
    }
    if (!ids) return [];
    const query = read.query ? read.query(search) : undefined;
    if (query === null) continue;
    const path = read.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => encodeURIComponent(values[name] ?? '')).slice(API_PREFIX.length);
    out.push(query ? { path, query: compactQuery(query) } : { path });
  }
  return out;
}
