import type { ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import type { Language } from '../../config/constants';
import { ensureCoursesNamespace } from '../courses/courses-namespace';
import { addNamespace, languageOf, PageTexts, type NamespaceLoaders } from '../page-namespace';

export const MOCK_EXAMS_NS = 'mock-exams';

// The mock exam texts travel with the /mockexam page, not with the first page (page-namespace.tsx).
// The exam mode shows the quiz views, so the learning texts (quiz) come with it.
const loaders: NamespaceLoaders = {
  en: () => import('../../i18n/locales/en/mock-exams.json'),
  cn: () => import('../../i18n/locales/cn/mock-exams.json'),
  zh: () => import('../../i18n/locales/zh/mock-exams.json'),
};

/** Adds the mock exam texts (and the learning texts) of the language unless they are there already. */
export async function ensureMockExamsNamespace(i18n: I18n, lang: Language = languageOf(i18n)): Promise<void> {
  await Promise.all([addNamespace(i18n, lang, MOCK_EXAMS_NS, loaders), ensureCoursesNamespace(i18n, lang)]);
}

const has = (i18n: I18n, lang: Language) => i18n.hasResourceBundle(lang, MOCK_EXAMS_NS) && i18n.hasResourceBundle(lang, 'quiz');

/** Renders the page once its texts are loaded (page-namespace.tsx). */
export function MockExamsNamespace({ children }: { children: ReactNode }) {
  return (
    <PageTexts has={has} ensure={ensureMockExamsNamespace} what="the mock exam texts">
      {children}
    </PageTexts>
  );
}
