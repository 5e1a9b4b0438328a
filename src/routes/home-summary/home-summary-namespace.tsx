import type { ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import type { Language } from '../../config/constants';
import { addNamespace, languageOf, PageTexts, type NamespaceLoaders } from '../page-namespace';

export const HOME_SUMMARY_NS = 'home-summary';

// The home summary's texts travel with its lazy part, not with the first page (its byte budget, ADR 091).
const loaders: NamespaceLoaders = {
  en: () => import('../../i18n/locales/en/home-summary.json'),
  cn: () => import('../../i18n/locales/cn/home-summary.json'),
  zh: () => import('../../i18n/locales/zh/home-summary.json'),
};

export async function ensureHomeSummaryNamespace(i18n: I18n, lang: Language = languageOf(i18n)): Promise<void> {
  await addNamespace(i18n, lang, HOME_SUMMARY_NS, loaders);
}

const has = (i18n: I18n, lang: Language) => i18n.hasResourceBundle(lang, HOME_SUMMARY_NS);

/** Renders the summary once its texts are loaded (page-namespace.tsx). */
export function HomeSummaryNamespace({ children }: { children: ReactNode }) {
  return (
    <PageTexts has={has} ensure={ensureHomeSummaryNamespace} what="the home summary texts">
      {children}
    </PageTexts>
  );
}
