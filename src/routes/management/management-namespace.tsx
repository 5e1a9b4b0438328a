import type { ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import type { Language } from '../../config/constants';
import { addNamespace, languageOf, PageTexts, type NamespaceLoaders } from '../page-namespace';

export const MANAGEMENT_NS = 'management';

// The /management texts travel with the page, not with the first page (page-namespace.tsx).
const loaders: NamespaceLoaders = {
  en: () => import('../../i18n/locales/en/management.json'),
  cn: () => import('../../i18n/locales/cn/management.json'),
  zh: () => import('../../i18n/locales/zh/management.json'),
};

/** Adds the management texts of the language unless they are there already. */
export async function ensureManagementNamespace(i18n: I18n, lang: Language = languageOf(i18n)): Promise<void> {
  await addNamespace(i18n, lang, MANAGEMENT_NS, loaders);
}

const has = (i18n: I18n, lang: Language) => i18n.hasResourceBundle(lang, MANAGEMENT_NS);

/** Renders the page once its texts are loaded (page-namespace.tsx). */
export function ManagementNamespace({ children }: { children: ReactNode }) {
  return (
    <PageTexts has={has} ensure={ensureManagementNamespace} what="the management texts">
      {children}
    </PageTexts>
  );
}
