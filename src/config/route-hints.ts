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

/**
 * A stylesheet written into the page (ADR 035, 053), named by its file. The early script (build/early-script.ts)
 * links each such sheet, disabled, before the app's scripts run, so that Vite's preload helper (it
 * looks for a <link rel="stylesheet"> of the href) does not fetch it again. A disabled link written
 * in the HTML was fetched all the same by Debian's Chromium 150 (ADR 074); one made by a script is not.
 */
export const inlinedStylesheet = (href: string, css: string) => `<style data-href="${href}">${css.trim()}</style>`;
