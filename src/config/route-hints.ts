// ADR 043: what the build (build/route-hints.ts) writes for the server (server/http/route-hints.ts):
// for each first page's address, the files its first render needs beyond the entry's.

export const ROUTE_HINTS_FILE = 'route-hints.json';

export interface RouteHint {
  /** A regular expression over the request's path. */
  pattern: string;
  /** Paths from the site's root ("/assets/c-….js"). */
  scripts: string[];
  styles: string[];
  images: string[];
  /** The interface texts the page loads, per language (the server picks the visitor's). */
  texts: Record<string, string[]>;
}
