import { pickVariant } from '../../i18n';

/** SPEC §2 "Route data": title, title_en, title_cn, title_zh. */
export interface RouteTitleHandle {
  title?: string;
  title_en?: string;
  title_cn?: string;
  title_zh?: string;
}

function handleOf(match: { handle?: unknown }): RouteTitleHandle | null {
  return match.handle && typeof match.handle === 'object' ? (match.handle as RouteTitleHandle) : null;
}

/**
 * The deepest matched route's title in the interface language (falling back to English, then the
 * plain `title`), with the short variant under 576 px. '' when no route gives a title.
 */
export function routeTitle(matches: readonly { handle?: unknown }[], lang: string, width: number): string {
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = handleOf(matches[i]);
    if (!h) continue;
    const byLang = lang === 'cn' ? h.title_cn : lang === 'zh' ? h.title_zh : h.title_en;
    const title = byLang ?? h.title_en ?? h.title;
    if (typeof title === 'string') return pickVariant(title, width);
  }
  return '';
}
