import type { LoaderFunctionArgs } from 'react-router-dom';
import { currentLanguage } from '../api/http';
import { searchOf, sendFirstRead, takeArrivedFirstRead } from '../api/page-data';
import { resolveFirstReads, type PageFirstReads, type ResolvedRead } from './first-reads';

// ADR 088: the one place a page's first GETs are sent from the app: a route's loader sends what its
// page declares (`<feature>.first-reads.ts`) into the page-data cache while the page's chunks load,
// and the page's own calls read the answers there. Signed out it sends nothing.
//
// ADR 094: a page whose machine takes its first answers as input (`handOver`) has its loader wait
// for them, never longer than the page's own code takes to arrive (the navigation waits for that
// anyway), and return those that arrived as the loader's data; the page parses each with its
// contract (`firstAnswer`) and its machine starts loaded. What has not arrived stays in the cache,
// where the machine's own call finds it.

/** The first answers a loader handed over, with the language they were asked in. */
export interface PageFirstAnswers {
  language: string;
  answers: Readonly<Record<string, unknown>>;
}

/** How a first read is named among the loader's answers: its path and its query, in any order. */
export function firstAnswerKey(read: ResolvedRead): string {
  const search = searchOf(read.query);
  search?.sort();
  return `${read.path}?${search ?? ''}`;
}

export async function sendPageFirstReads(
  declared: PageFirstReads,
  { params, request }: Pick<LoaderFunctionArgs, 'params' | 'request'>,
  handOver?: { pageCode: () => Promise<unknown> },
): Promise<PageFirstAnswers | null> {
  const reads = resolveFirstReads(declared, params, new URL(request.url).searchParams);
  const arrived = Promise.all(reads.map((read) => sendFirstRead(read.path, read.query)));
  if (!handOver) return null;
  await Promise.race([arrived, handOver.pageCode().catch(() => undefined)]);
  const answers: Record<string, unknown> = {};
  for (const read of reads) {
    const body = takeArrivedFirstRead(read.path, searchOf(read.query));
    if (body) answers[firstAnswerKey(read)] = body.value;
  }
  return { language: currentLanguage(), answers };
}
