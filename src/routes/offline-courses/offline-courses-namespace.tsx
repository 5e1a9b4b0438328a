import type { ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import type { Language } from '../../config/constants';
import { addNamespace, languageOf, PageTexts, type NamespaceLoaders } from '../page-namespace';

export const OFFLINE_NS = 'offline';

// The classroom course texts travel with the /offline pages, not with the first page (page-namespace.tsx).
const loaders: NamespaceLoaders = {
  en: () => import('../../i18n/locales/en/offline.json'),
  cn: () => import('../../i18n/locales/cn/offline.json'),
  zh: () => import('../../i18n/locales/zh/offline.json'),
};

/** Adds the classroom course texts of the language unless they are there already. */
export async function ensureOfflineNamespace(i18n: I18n, lang: Language = languageOf(i18n)): Promise<void> {
  await addNamespace(i18n, lang, OFFLINE_NS, loaders);
}

const has = (i18n: I18n, lang: Language) => i18n.hasResourceBundle(lang, OFFLINE_NS);

/** Renders the page once its texts are loaded (page-namespace.tsx). */
export function OfflineNamespace({ children }: { children: ReactNode }) {
  return (
    <PageTexts has={has} ensure={ensureOfflineNamespace} what="the classroom course texts">
      {children}
    </PageTexts>
  );
}
