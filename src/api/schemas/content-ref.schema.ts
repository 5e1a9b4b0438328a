import { z } from 'zod/mini';
import { text } from './bounds.schema';

/** A course or course-item id as the client knows it; optional wherever a check is recorded. Its
 * own module: the sign-in's contract (in the first page's JavaScript) needs it, and the identity
 * checks' schemas around it are built only by the pages that show them (ADR 066). */
export const contentRefSchema = text({ error: 'validation:id_invalid' }).check(
  z.trim(),
  z.regex(/^[\w.:-]{1,64}$/, { error: 'validation:id_invalid' }),
);
