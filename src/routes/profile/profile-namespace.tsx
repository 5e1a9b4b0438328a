import type { ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import type { Language } from '../../config/constants';
import { addNamespace, languageOf, PageTexts, type NamespaceLoaders } from '../page-namespace';

export const PROFILE_NS = 'profile';
/** Issue 45: the achievements the profile shows (their own namespace, loaded with the page). */
export const ACHIEVEMENTS_NS = 'achievements';

// The profile texts travel with the /profile page, not with the first page (page-namespace.tsx).
const loaders: NamespaceLoaders = {
  en: () => import('../../i18n/locales/en/profile.json'),
  cn: () => import('../../i18n/locales/cn/profile.json'),
  zh: () => import('../../i18n/locales/zh/profile.json'),
};

const achievementLoaders: NamespaceLoaders = {
  en: () => import('../../i18n/locales/en/achievements.json'),
  cn: () => import('../../i18n/locales/cn/achievements.json'),
  zh: () => import('../../i18n/locales/zh/achievements.json'),
};

/** Adds the profile texts (and the achievements') of the language unless they are there already. */
export async function ensureProfileNamespace(i18n: I18n, lang: Language = languageOf(i18n)): Promise<void> {
  await Promise.all([addNamespace(i18n, lang, PROFILE_NS, loaders), addNamespace(i18n, lang, ACHIEVEMENTS_NS, achievementLoaders)]);
}

const has = (i18n: I18n, lang: Language) => i18n.hasResourceBundle(lang, PROFILE_NS) && i18n.hasResourceBundle(lang, ACHIEVEMENTS_NS);

/** Renders the page once its texts are loaded (page-namespace.tsx). */
export function ProfileNamespace({ children }: { children: ReactNode }) {
  return (
    <PageTexts has={has} ensure={ensureProfileNamespace} what="the profile texts">
      {children}
    </PageTexts>
  );
}
