import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

// ADR 048: public/early-requests.js (ADR 043) is written into index.html's head instead of linked.
// Linked, it was one more request, at low priority, before the page's first API requests could
// start; on HTTP/1.1 those then waited behind the page's chunks for one of six connections. Inline,
// it runs as the head is parsed and its requests are among the page's first. The CSP still allows
// no inline script but this one: the server names the hash of the same file's text
// (server/http/early-requests-hash.ts).

/** The script's text, exactly as index.html carries it. */
export const EARLY_REQUESTS_SCRIPT = readFileSync(new URL('../public/early-requests.js', import.meta.url), 'utf8');

const LINKED = /<script defer src="\/early-requests\.js"><\/script>/;

/** index.html with the linked script replaced by its text; an index.html without it is a mistake. */
export function inlineEarlyRequests(html: string, script = EARLY_REQUESTS_SCRIPT): string {
  if (!LINKED.test(html)) throw new Error('index.html no longer links /early-requests.js: ADR 048 inlines that script');
  // "</script" inside the text would end the element early.
  if (/<\/script/i.test(script)) throw new Error('public/early-requests.js contains "</script": it cannot be inlined');
  return html.replace(LINKED, () => `<script>${script}</script>`);
}

/** Vite plugin: the dev server's and the build's index.html carry the script inline. */
export function inlineEarlyRequestsPlugin(): Plugin {
  return {
    name: 'agent-academy:inline-early-requests',
    transformIndexHtml: { order: 'pre', handler: (html) => inlineEarlyRequests(html) },
  };
}
