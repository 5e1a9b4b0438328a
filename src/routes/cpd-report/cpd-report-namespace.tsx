import type { ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import type { Language } from '../../config/constants';
import { addNamespace, languageOf, PageTexts, type NamespaceLoaders } from '../page-namespace';

export const CPD_REPORT_NS = 'cpd-report';

// The CPD report page's texts travel with its page, not with the first page (page-namespace.tsx).
const loaders: NamespaceLoaders = {
  en: () => import('../../i18n/locales/en/cpd-report.json'),
  cn: () => import('../../i18n/locales/cn/cpd-report.json'),
  zh: () => import('../../i18n/locales/zh/cpd-report.json'),
};

export async function ensureCpdReportNamespace(i18n: I18n, lang: Language = languageOf(i18n)): Promise<void> {
  await addNamespace(i18n, lang, CPD_REPORT_NS, loaders);
}

const has = (i18n: I18n, lang: Language) => i18n.hasResourceBundle(lang, CPD_REPORT_NS);

/** Renders the page once its texts are loaded (page-namespace.tsx). */
export function CpdReportNamespace({ children }: { children: ReactNode }) {
  return (
    <PageTexts has={has} ensure={ensureCpdReportNamespace} what="the CPD report texts">
      {children}
    </PageTexts>
  );
}
