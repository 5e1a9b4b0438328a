import type { ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import type { Language } from '../../config/constants';
import { addNamespace, languageOf, PageTexts, type NamespaceLoaders } from '../page-namespace';

export const NEW_JOINER_WELCOME_NS = 'new-joiner-welcome';

// The welcome's texts travel with its page, not with the first page (page-namespace.tsx).
const loaders: NamespaceLoaders = {
  en: () => import('../../i18n/locales/en/new-joiner-welcome.json'),
  cn: () => import('../../i18n/locales/cn/new-joiner-welcome.json'),
  zh: () => import('../../i18n/locales/zh/new-joiner-welcome.json'),
};

export async function ensureNewJoinerWelcomeNamespace(i18n: I18n, lang: Language = languageOf(i18n)): Promise<void> {
  await addNamespace(i18n, lang, NEW_JOINER_WELCOME_NS, loaders);
}

const has = (i18n: I18n, lang: Language) => i18n.hasResourceBundle(lang, NEW_JOINER_WELCOME_NS);

/** Renders the page once its texts are loaded (page-namespace.tsx). */
export function NewJoinerWelcomeNamespace({ children }: { children: ReactNode }) {
  return (
    <PageTexts has={has} ensure={ensureNewJoinerWelcomeNamespace} what="the new joiner’s welcome texts">
      {children}
    </PageTexts>
  );
}
