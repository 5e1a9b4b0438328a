import type { ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import type { Language } from '../../config/constants';
import { addNamespace, languageOf, PageTexts, type NamespaceLoaders } from '../page-namespace';

export const LEARNING_MAP_NS = 'learning-map';

// The learning map's texts travel with its page, not with the first page (page-namespace.tsx).
const loaders: NamespaceLoaders = {
  en: () => import('../../i18n/locales/en/learning-map.json'),
  cn: () => import('../../i18n/locales/cn/learning-map.json'),
  zh: () => import('../../i18n/locales/zh/learning-map.json'),
};

export async function ensureLearningMapNamespace(i18n: I18n, lang: Language = languageOf(i18n)): Promise<void> {
  await addNamespace(i18n, lang, LEARNING_MAP_NS, loaders);
}

const has = (i18n: I18n, lang: Language) => i18n.hasResourceBundle(lang, LEARNING_MAP_NS);

/** Renders the page once its texts are loaded (page-namespace.tsx). */
export function LearningMapNamespace({ children }: { children: ReactNode }) {
  return (
    <PageTexts has={has} ensure={ensureLearningMapNamespace} what="the learning map texts">
      {children}
    </PageTexts>
  );
}
