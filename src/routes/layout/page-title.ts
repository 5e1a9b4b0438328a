import type { i18n as I18n } from 'i18next';
import { pickVariant } from '../../i18n';

/** SPEC §2 "Route data": title, title_en, title_cn, title_zh. The app's routes give only `title`,
 * a nav-titles key whose texts are in the loaded catalogue (route-handle.ts `titled`). */
export interface RouteTitleHandle {
  title?: string;
  title_en?: string;
  title_cn?: string;
  title_zh?: string;
}

/** A title key's text in the catalogue the page has loaded, raw (with its "long||short" variants,
 * which routeTitle picks for its width), or undefined when the catalogue has none. */
export type CatalogueTitle = (key: string) => string | undefined;

/** The nav-titles entries of the language the app has loaded. */
export function navTitles(i18n: Pick<I18n, 'language' | 'getResource'>): CatalogueTitle {
  return (key) => {
    const text: unknown = i18n.getResource(i18n.language, 'nav-titles', key);
    return typeof text === 'string' ? text : undefined;
  };
}

function handleOf(match: { handle?: unknown }): RouteTitleHandle | null {
  return match.handle && typeof match.handle === 'object' ? (match.handle as RouteTitleHandle) : null;
}

/**
 * The deepest matched route's title in the interface language: its own title_<lang>, else its
 * `title` key's entry in the loaded catalogue, else title_en, else the plain `title`, with the short
 * variant under 576 px. '' when no route gives a title.
 */
export function routeTitle(matches: readonly { handle?: unknown }[], lang: string, width: number, fromCatalogue: CatalogueTitle = () => undefined): string {
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = handleOf(matches[i]);
    if (!h) continue;
    const byLang = lang === 'cn' ? h.title_cn : lang === 'zh' ? h.title_zh : h.title_en;
    const title = byLang ?? (h.title ? fromCatalogue(h.title) : undefined) ?? h.title_en ?? h.title;
    if (typeof title === 'string') return pickVariant(title, width);
  }
  return '';
}
