import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE } from '../../src/config/constants';
import { inlinedStylesheet, type RouteHint } from '../../src/config/route-hints';
import type { ContentCoding } from './content-encoding';

// ADR 043: a first page's index.html names the chunks, stylesheets, texts and image its first render
// needs (build/route-hints.ts writes them per address into route-hints.json), so the browser fetches
// them beside the entry rather than one round trip after it has run.

/** A path as it may appear inside an attribute: the build's names are "/assets/<name>-<hash>.<ext>"
 * (never "..": a stylesheet's text is read from the file it names). */
const SAFE_HREF = /^\/(?!.*\.\.)[\w./-]+$/;

/**
 * A first page's stylesheet (a few KB), written into the page (ADR 053): fetched, each was one more
 * request, and requests for stylesheets go first, so the scripts waited for a free connection.
 * the early script (build/early-script.ts) links it, disabled (never fetched), so that Vite's preload helper finds
 * it and does not link the sheet again when the chunk loads (ADR 074; build/inline-entry-css.ts
 * does the same for the entry's own). A sheet whose text is unknown, or
 * would end the <style> element early, is preloaded as before; the helper then inserts
 * <link rel="stylesheet" crossorigin>, so the preload's mode must match.
 */
function styleElement(href: string, css: string | undefined): string {
  if (css === undefined || /<\/style/i.test(css)) return `<link rel="preload" as="style" crossorigin href="${href}">`;
  return inlinedStylesheet(href, css);
}

/** The hints as elements: Vite's preload helper finds these hrefs and adds no second request.
 * `readStyle` gives a stylesheet's text by its href (undefined: link it). */
export function hintLinks(hint: RouteHint, language: string, readStyle: (href: string) => string | undefined = () => undefined): string {
  const scripts = [...hint.scripts, ...(hint.texts[language] ?? hint.texts[DEFAULT_LANGUAGE] ?? [])];
  const links = [
    '<link rel="preload" as="fetch" crossorigin href="/api/app-config">',
    ...hint.images.filter((h) => SAFE_HREF.test(h)).map((h) => `<link rel="preload" as="image" href="${h}" fetchpriority="high">`),
    ...scripts.filter((h) => SAFE_HREF.test(h)).map((h) => `<link rel="modulepreload" crossorigin href="${h}">`),
    ...hint.styles.filter((h) => SAFE_HREF.test(h)).map((h) => styleElement(h, readStyle(h))),
  ];
  return links.join('');
}

/** index.html with the hints written at the end of its head (after the entry's own). */
export function withHints(html: string, links: string): string {
  const at = html.indexOf('</head>');
  return at < 0 || links === '' ? html : html.slice(0, at) + links + html.slice(at);
}

/** The visitor's interface language as the app last stored it (src/i18n), else the app default. */
export function languageFromCookie(cookieHeader: string | undefined): string {
  const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=(en|zh|cn)(?:;|$)`));
  return match?.[1] ?? DEFAULT_LANGUAGE;
}

export function parseRouteHints(json: string): Array<RouteHint & { test: RegExp }> {
  const hints = JSON.parse(json) as RouteHint[];
  return hints.map((h) => ({ ...h, test: new RegExp(h.pattern) }));
}

/** A page's HTML in each coding, made once per (index.html version, page, language). */
export function createHintedPages(maxEntries = 64) {
  const cache = new Map<string, Record<ContentCoding | 'identity', Buffer>>();
  return (key: string, html: () => string) => {
    let entry = cache.get(key);
    if (!entry) {
      const identity = Buffer.from(html());
      entry = {
        identity,
        br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
        gzip: gzipSync(identity, { level: 9 }),
      };
      // Old versions (a rebuild) leave by age: a Map keeps the order of insertion.
      if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
      cache.set(key, entry);
    }
    return entry;
  };
}
