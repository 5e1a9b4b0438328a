import type { Language } from '../../config/constants';

// Each stylesheet declares about a hundred unicode-range faces (some 110 KB of CSS), and a page in
// one Chinese script would otherwise also fetch the other script's slices for the same characters.
// So a page loads only the font of the language it is shown in, and an English page none: Chinese
// text there (a language's own name in the switcher) shows in the system's font (ADR 015).
const stylesheets: Record<Language, (() => Promise<unknown>) | null> = {
  en: null,
  zh: () => import('./fonts-hk.css'),
  cn: () => import('./fonts-sc.css'),
};

const requested = new Set<string>();

/** Loads the bundled Chinese font for `language` once; nothing for English or an unknown value. */
export function loadCjkFontFor(language: string): void {
  const load = Object.hasOwn(stylesheets, language) ? stylesheets[language as Language] : null;
  if (!load || requested.has(language)) return;
  requested.add(language);
  load().catch(() => {
    // Offline or a stale chunk: the system's font still shows the text; try again on next switch.
    requested.delete(language);
  });
}
