import type { ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import type { Language } from '../../config/constants';
import { COURSES_NS, ensureCoursesNamespace } from '../courses/courses-namespace';
import { addNamespace, languageOf, PageTexts, type NamespaceLoaders } from '../page-namespace';

export const VOCAB_NS = 'vocab';

// The glossary's texts travel with its page, not with the first page (page-namespace.tsx); its
// list states are the catalogue's (courses texts).
const loaders: NamespaceLoaders = {
  en: () => import('../../i18n/locales/en/vocab.json'),
  cn: () => import('../../i18n/locales/cn/vocab.json'),
  zh: () => import('../../i18n/locales/zh/vocab.json'),
};

/** Adds the glossary's texts (and the catalogue's) of the language unless they are there already. */
export async function ensureVocabNamespace(i18n: I18n, lang: Language = languageOf(i18n)): Promise<void> {
  await Promise.all([addNamespace(i18n, lang, VOCAB_NS, loaders), ensureCoursesNamespace(i18n, lang)]);
}

const has = (i18n: I18n, lang: Language) => i18n.hasResourceBundle(lang, VOCAB_NS) && i18n.hasResourceBundle(lang, COURSES_NS);

/** Renders the page once its texts are loaded (page-namespace.tsx). */
export function VocabNamespace({ children }: { children: ReactNode }) {
  return (
    <PageTexts has={has} ensure={ensureVocabNamespace} what="the vocabulary texts">
      {children}
    </PageTexts>
  );
}
