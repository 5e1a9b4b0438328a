import { z } from 'zod/mini';

// What the database can hold, said once for every request schema (ADR 014). A value the columns
// cannot hold must be refused here with a translated 400: past this point PostgreSQL answers it
// with an error, which the API could only report as a 500.

/** The largest value of a PostgreSQL `integer` (int4) column. */
export const INT4_MAX = 2_147_483_647;

/** PostgreSQL `text` cannot hold U+0000 (invalid byte sequence for encoding "UTF8": 0x00). */
const NUL = '\u0000';

/**
 * Every text a request may carry (body field, query value, path parameter) starts here: a string
 * without NUL. `error` is the message when the value is not a string at all. The NUL check runs
 * first and stops the others, so the answer names the real problem. Free of side effects, so an
 * unused schema built on it can be left out of a bundle.
 */
/*#__NO_SIDE_EFFECTS__*/
export function text(params?: { error?: string }) {
  return z.string(params).check(z.refine((value: string) => !value.includes(NUL), { error: 'validation:text_nul', abort: true }));
}

/** A row id in a path: the digits of a safe integer (the API reads it as a JS number; the id
 * columns are bigint, so every safe integer fits). */
export const idTextSchema = text().check(
  z.regex(/^\d{1,16}$/, { error: 'validation:id_invalid' }),
  z.refine((id: string) => Number(id) <= Number.MAX_SAFE_INTEGER, { error: 'validation:id_invalid' }),
);

/** A whole number an `integer` (int4) column holds; `error` for anything that is not one. */
export function int4(error: string) {
  return z.int({ error }).check(z.maximum(INT4_MAX, { error: 'validation:number_too_large' }));
}
