import type { ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import type { Language } from '../../config/constants';
import { addNamespace, languageOf, PageTexts, type NamespaceLoaders } from '../page-namespace';

export const RECRUITS_NS = 'recruits';

// The recruit form's and the merge flow's texts travel with their pages, not with the first page
// (page-namespace.tsx).
const loaders: NamespaceLoaders = {
  en: () => import('../../i18n/locales/en/recruits.json'),
  cn: () => import('../../i18n/locales/cn/recruits.json'),
  zh: () => import('../../i18n/locales/zh/recruits.json'),
};

/** Adds the recruit texts of the language unless they are there already. */
export async function ensureRecruitsNamespace(i18n: I18n, lang: Language = languageOf(i18n)): Promise<void> {
  await addNamespace(i18n, lang, RECRUITS_NS, loaders);
}

const has = (i18n: I18n, lang: Language) => i18n.hasResourceBundle(lang, RECRUITS_NS);

/** Renders the page once its texts are loaded (page-namespace.tsx). */
export function RecruitsNamespace({ children }: { children: ReactNode }) {
  return (
    <PageTexts has={has} ensure={ensureRecruitsNamespace} what="the recruit texts">
      {children}
    </PageTexts>
  );
}
