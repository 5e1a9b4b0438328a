import { useLoaderData } from 'react-router-dom';
import { currentLanguage } from '../api/http';
import { fillPath } from '../api/route-contract';
import { firstAnswerKey, type PageFirstAnswers } from './first-reads.loader';

// ADR 094: what a page's machine receives as input: the first answer its loader handed over
// (sendPageFirstReads with `handOver`), read with the page's contract. Null when there is none
// (not arrived in time, a reload after a write, another language, a test without the loader) or
// when it does not read as the contract says: the machine then asks, and its call says what is wrong.

/** What the page reads its answer with: its contract's schema. */
interface Contract<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/** The loader's answer to a contract's GET (`/api/courses/:id`) for these parameters and query. */
export function firstAnswerOf<T>(
  data: unknown,
  read: { path: string; params?: Record<string, string>; query?: Readonly<Record<string, string>> },
  schema: Contract<T>,
): T | null {
  const handed = data as Partial<PageFirstAnswers> | null | undefined;
  if (!handed?.answers || handed.language !== currentLanguage()) return null;
  const path = fillPath(read.path, read.params).slice('/api/'.length);
  const key = firstAnswerKey(read.query ? { path, query: read.query } : { path });
  if (!(key in handed.answers)) return null;
  const parsed = schema.safeParse(handed.answers[key]);
  return parsed.success ? parsed.data : null;
}

/** `firstAnswerOf` the loader data of the route the component is in. */
export function useFirstAnswer<T>(read: Parameters<typeof firstAnswerOf>[1], schema: Contract<T>): T | null {
  return firstAnswerOf(useLoaderData(), read, schema);
}
