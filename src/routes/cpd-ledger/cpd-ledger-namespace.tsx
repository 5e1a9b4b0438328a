import type { ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import type { Language } from '../../config/constants';
import { addNamespace, languageOf, PageTexts, type NamespaceLoaders } from '../page-namespace';

export const CPD_NS = 'cpd';

// The CPD ledger's texts travel with its page, not with the first page (page-namespace.tsx); the
// home page's tile has its few texts in `pages`.
const loaders: NamespaceLoaders = {
  en: () => import('../../i18n/locales/en/cpd.json'),
  cn: () => import('../../i18n/locales/cn/cpd.json'),
  zh: () => import('../../i18n/locales/zh/cpd.json'),
};

export async function ensureCpdNamespace(i18n: I18n, lang: Language = languageOf(i18n)): Promise<void> {
  await addNamespace(i18n, lang, CPD_NS, loaders);
}

const has = (i18n: I18n, lang: Language) => i18n.hasResourceBundle(lang, CPD_NS);

/** Renders the page once its texts are loaded (page-namespace.tsx). */
export function CpdNamespace({ children }: { children: ReactNode }) {
  return (
    <PageTexts has={has} ensure={ensureCpdNamespace} what="the CPD texts">
      {children}
    </PageTexts>
  );
}
