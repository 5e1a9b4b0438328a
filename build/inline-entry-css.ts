import type { Plugin } from 'vite';
import { inlinedStylesheet } from '../src/config/route-hints.ts';

// ADR 035: the entry's stylesheet (about 2 KB gzip) is written into index.html instead of linked:
// a linked stylesheet blocks the first paint for one more round trip (Lighthouse: render-blocking
// request). The server's CSP allows inline styles (style-src 'self' 'unsafe-inline'); scripts stay
// external (script-src 'self'). The lazy pages' stylesheets still load with their chunks.
//
// A lazy chunk that imports from the entry lists the entry's stylesheet among its dependencies, and
// Vite's preload helper links each one unless the page has a <link rel="stylesheet"> of that href.
// So the early script (build/early-script.ts) adds such a link, `disabled`, for each inlined sheet before the app's
// scripts run (a disabled link made by a script is not fetched), and the helper finds it and
// requests nothing. Without it, every page fetched the entry's stylesheet a second time, one more
// request on the phone network before the first paint (ADR 053, 074).

const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="([^"]+\.css)"\s*\/?>/g;

/** index.html with each stylesheet link that `read` knows replaced by a <style> of its text. */
export function inlineStylesheets(html: string, read: (href: string) => string | undefined): string {
  return html.replace(STYLESHEET_LINK, (link, href: string) => {
    const css = read(href);
    // "</style" inside the text would end the element early; such a sheet stays linked.
    if (css === undefined || /<\/style/i.test(css)) return link;
    return inlinedStylesheet(href, css);
  });
}

/** Vite plugin: inlines the entry stylesheet into the built index.html (the .css file stays too). */
export function inlineEntryCss(): Plugin {
  let base = '/';
  return {
    name: 'agent-academy:inline-entry-css',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        return inlineStylesheets(html, (href) => {
          const asset = bundle[href.startsWith(base) ? href.slice(base.length) : href];
          if (asset?.type !== 'asset') return undefined;
          const { source } = asset;
          return typeof source === 'string' ? source : new TextDecoder().decode(source);
        });
      },
    },
  };
}
