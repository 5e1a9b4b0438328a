import type { Plugin } from 'vite';
import { appHeaders } from '../src/api/app-headers.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, STORAGE_KEY, languageHeaderValue } from '../src/config/constants.ts';
import { ID_PATTERN, type PageFirstReads } from '../src/routes/first-reads.ts';
import { FIRST_READ_PAGES } from '../src/routes/first-reads.pages.ts';

// ADR 088: the early script, written at build time, never by hand. index.html names it before the
// entry (both deferred: it runs first). With a stored session it asks, with the app's headers
// (src/api/app-headers.ts), for the first reads each page declares (FIRST_READ_PAGES) while the
// app's scripts are still on their way; the app hands each answer to its own call
// (adoptEarlyScript in src/api/page-data.ts). It also links the stylesheets written into the page
// (ADR 074) and opens local storage first (ADR 068). Anything unexpected and it asks for nothing:
// the app then asks as it always did, through the same declarations (the route loaders).

export const EARLY_SCRIPT_FILE = 'early-requests.js';

const js = (value: unknown) => JSON.stringify(value);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The page's address as a regular expression's source, and the group of each of its parameters. */
function addressPattern(page: string): { source: string; groups: Record<string, number> } {
  const groups: Record<string, number> = {};
  let group = 0;
  const source = page
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return escapeRegExp(part);
      groups[part.slice(1)] = ++group;
      return `(${ID_PATTERN})`;
    })
    .join('\\/');
  return { source: `^${source}\\/?$`, groups };
}

/** The statements that push one page's reads, when the address is that page's. */
function pageBlock(declared: PageFirstReads): string {
  const { source, groups } = declared.page === '*' ? { source: '', groups: {} } : addressPattern(declared.page);
  const reads = declared.reads.map((read) => {
    const path = read.path.replace(/^\/api\//, '');
    const parts = path.split(/:([A-Za-z_]\w*)/).map((part, i) => {
      if (i % 2 === 0) return js(part);
      const group = groups[read.params?.[part] ?? ''];
      if (!group) throw new Error(`${declared.page}: ${read.path} takes :${part} from no parameter of the page`);
      return `m[${group}]`;
    });
    // A query that depends on the address is asked early only for the address without one: the
    // loader asks for the others (what the page reads at `?` is the page's own reading of it).
    const query = read.query ? read.query(new URLSearchParams()) : undefined;
    if (query === null) return '';
    const text = query ? new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (v === undefined || v === null || String(v).trim() === '' ? [] : [[k, String(v).trim()]]))).toString() : '';
    const image = read.firstImage ? `, image: ${js([read.firstImage.list, read.firstImage.field, read.firstImage.fallback])}` : '';
    const push = `wanted.push({ path: ${parts.filter((p) => p !== '""').join(' + ') || '""'}, query: ${js(text)}${image} });`;
    return read.query ? `if (!location.search) ${push}` : push;
  });
  const ids = Object.values(groups).map((group) => ` && id(m[${group}])`).join('');
  const test =
    declared.page === '*'
      ? `!${declared.outside?.length ? `/^(?:${declared.outside.map(routePattern).join('|')})\\/?$/.test(location.pathname)` : 'false'}`
      : `(m = /${source}/.exec(location.pathname))${ids}`;
  return `    if (${test}) {\n      ${reads.filter(Boolean).join('\n      ')}\n    }`;
}

/** A router path as a regular expression's source: `/:code?` an optional segment, `/:id` one segment. */
export function routePattern(path: string): string {
  return path
    .split(/(\/:[A-Za-z_]\w*\??)/)
    .map((part) => (part.startsWith('/:') ? (part.endsWith('?') ? '(?:\\/[^/]+)?' : '\\/[^/]+') : escapeRegExp(part)))
    .join('');
}

/** The script's text for these pages. */
export function earlyScript(pages: readonly PageFirstReads[] = FIRST_READ_PAGES): string {
  const languages = Object.fromEntries(LANGUAGES.map((lang) => [lang, languageHeaderValue(lang)]));
  // The header list of the http layer, its variable parts left to the page.
  const headers = appHeaders('\u0000lang', '\u0000clientId', '\u0000token')
    .map(([name, value]) => `${js(name)}: ${js(value).replace(/"\\u0000lang"/, 'languages[lang]').replace(/"\\u0000clientId"/, 'clientId').replace(/^"(.*)\\u0000token"$/, '"$1" + token')}`)
    .join(', ');
  return `// Written by build/early-script.ts from each page's first reads (ADR 088): do not edit.
(function () {
  try {
    var inlined = document.querySelectorAll('style[data-href]');
    for (var i = 0; i < inlined.length; i++) {
      var link = document.createElement('link');
      link.rel = 'stylesheet';
      link.disabled = true;
      link.href = inlined[i].getAttribute('data-href');
      inlined[i].after(link);
    }
  } catch (e) {}
  try {
    var token = sessionStorage.getItem(${js(STORAGE_KEY.token)});
    var clientId = sessionStorage.getItem(${js(STORAGE_KEY.clientId)});
    var stored = localStorage.getItem(${js(STORAGE_KEY.lang)});
    if (!token || !clientId) return;
    var languages = ${js(languages)};
    var lang = Object.prototype.hasOwnProperty.call(languages, stored) ? stored : ${js(DEFAULT_LANGUAGE)};
    var headers = { ${headers} };
    var id = function (value) { return Number(value) <= ${Number.MAX_SAFE_INTEGER}; };
    var wanted = [];
    var m;
${pages.map(pageBlock).join('\n')}
    if (wanted.length) window.__earlyRequests = wanted.map(function (request) {
      var controller = new AbortController();
      var response = fetch(location.origin + '/api/' + request.path + (request.query ? '?' + request.query : ''), { headers: headers, credentials: 'same-origin', signal: controller.signal });
      response.catch(function () {});
      if (request.image) preloadFirstImage(response, request.image);
      return { path: request.path, query: request.query, lang: lang, token: token, response: response, controller: controller };
    });
  } catch (e) {}
  function preloadFirstImage(response, image) {
    response
      .then(function (answer) { return answer.ok ? answer.clone().json() : null; })
      .then(function (body) {
        var first = body && body[image[0]] && body[image[0]][0];
        if (!first) return;
        var href = first[image[1]] || image[2];
        if (typeof href !== 'string' || !/^\\/[\\w./-]+$/.test(href)) return;
        var link = document.createElement('link');
        link.setAttribute('rel', 'preload');
        link.setAttribute('as', 'image');
        link.setAttribute('href', href);
        link.setAttribute('fetchpriority', 'high');
        document.head.appendChild(link);
      })
      .catch(function () {});
  }
})();
`;
}

/** Where index.html names the script: a comment that starts so. */
const MARKER = /<!-- early-script:[^>]*-->/;
/** Deferred like the entry and before it, so it runs first; fetched early (ADR 053). */
export const EARLY_SCRIPT_TAG = `<script defer fetchpriority="high" src="/${EARLY_SCRIPT_FILE}"></script>`;

/** Writes the script into the build as /early-requests.js and names it in index.html (after Vite
 * read the page's scripts: it is no module of the build), and serves it in development. */
export function earlyScriptPlugin(): Plugin {
  return {
    name: 'early-script',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        // Only the app's own page takes the script: Storybook's iframe.html goes through this plugin too.
        if (!MARKER.test(html)) {
          if (ctx.path !== '/index.html') return html;
          throw new Error('index.html has no <!-- early-script: --> comment where the early script goes');
        }
        return html.replace(MARKER, EARLY_SCRIPT_TAG);
      },
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url?.split('?')[0] !== `/${EARLY_SCRIPT_FILE}`) return next();
        res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
        res.end(earlyScript());
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: EARLY_SCRIPT_FILE, source: earlyScript() });
    },
  };
}
