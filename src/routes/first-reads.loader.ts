import type { LoaderFunctionArgs } from 'react-router-dom';
import { sendFirstRead } from '../api/page-data';
import { resolveFirstReads, type PageFirstReads } from './first-reads';

// ADR 088: the one place a page's first GETs are sent from the app: a route's loader sends what its
// page declares (`<feature>.first-reads.ts`) into the page-data cache while the page's chunks load,
// and the page's own calls read the answers there. Fire and forget; signed out it sends nothing.

export function sendPageFirstReads(declared: PageFirstReads, { params, request }: Pick<LoaderFunctionArgs, 'params' | 'request'>): void {
  for (const read of resolveFirstReads(declared, params, new URL(request.url).searchParams)) sendFirstRead(read.path, read.query);
}
