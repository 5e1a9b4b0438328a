/**
 * An answer's JSON already written as text, by PostgreSQL (ADR 044): `c.json` (compress-json.ts)
 * sends the text as it is, with no parse and no stringify in between. Anything else that
 * serializes it (Hono's own `c.json`, a test's JSON.stringify) gets the same value through toJSON.
 * `T` is the value the text stands for: Hono types `c.json`'s answer by what toJSON returns, so the
 * route's contract still checks it.
 */
export class JsonText<T> {
  constructor(readonly text: string) {}

  toJSON(): T {
    return JSON.parse(this.text) as T;
  }
}

/**
 * A page of a list (the contract's paged envelope) whose items PostgreSQL wrote as JSON text:
 * `{"data":[…],"page":…,"per_page":…,"total":…}`, then any `extra` numbers or booleans.
 */
export function pagedJsonText<T>(items: readonly string[], paging: { page: number; per_page: number; total: number }, extra: Record<string, number | boolean> = {}): JsonText<T> {
  const fields = Object.entries({ ...paging, ...extra })
    .map(([key, value]) => `"${key}":${value}`)
    .join(',');
  return new JsonText(`{"data":[${items.join(',')}],${fields}}`);
}
