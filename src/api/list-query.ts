// What every paged list call shares: cancellation and the query parameters that say something.

export interface CallOptions {
  /** Aborts the request: a list page that moved on cancels the answer it no longer needs. */
  signal?: AbortSignal;
}

type Params = Record<string, string | number | undefined | null>;

/** Only the parameters that say something: blank texts and unset filters are left out (as the
 * schema's input: the server parses the texts). */
export function listQuery<Q extends object>(query: Q): Q {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query as Params)) {
    if (value === undefined || value === null) continue;
    const text = String(value).trim();
    if (text !== '') out[key] = text;
  }
  return out as Q;
}
