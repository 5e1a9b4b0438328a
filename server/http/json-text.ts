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
