import type { ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import type { Language } from '../../config/constants';
import { addNamespace, languageOf, PageTexts, type NamespaceLoaders } from '../page-namespace';

export const PROFILE_NS = 'profile';

// The profile texts travel with the /profile page, not with the first page (page-namespace.tsx).
const loaders: NamespaceLoaders = {
  en: () => import('../../i18n/locales/en/profile.json'),
  cn: () => import('../../i18n/locales/cn/profile.json'),
  zh: () => import('../../i18n/locales/zh/profile.json'),
};

/** Adds the profile texts of the language unless they are there already. */
export function ensureProfileNamespace(i18n: I18n, lang: Language = languageOf(i18n)): Promise<void> {
  return addNamespace(i18n, lang, PROFILE_NS, loaders);
}

const has = (i18n: I18n, lang: Language) => i18n.hasResourceBundle(lang, PROFILE_NS);

/** Renders the page once its texts are loaded (page-namespace.tsx). */
export function ProfileNamespace({ children }: { children: ReactNode }) {
  return (
    <PageTexts has={has} ensure={ensureProfileNamespace} what="the profile texts">
      {children}
    </PageTexts>
  );
}
