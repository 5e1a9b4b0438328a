import type { ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import type { Language } from '../../config/constants';
import { languageOf, PageTexts } from '../page-namespace';

export const COURSES_NS = 'courses';

// The learning texts (the catalogue, lessons and their attachments, quizzes, the feedback form, the SCORM launcher, reading notes)
// travel with the learning pages, not with the first page: each language's namespaces are one module
// (src/i18n/learning/*.ts), a chunk of its own, fetched when a page of them is first shown in that
// language. The language bundles (src/i18n/bundles/*.ts) leave these files out; a test checks both lists agree.
export const LEARNING_NAMESPACES = [COURSES_NS, 'quiz', 'feedback-forms', 'attachments', 'lesson', 'scorm', 'reading-note', 'course-recommendation'] as const;
type LearningNamespace = (typeof LEARNING_NAMESPACES)[number];
type Texts = Record<string, unknown>;
const learningTexts: Record<Language, () => Promise<{ default: Record<string, Texts> }>> = {
  en: () => import('../../i18n/learning/en'),
  zh: () => import('../../i18n/learning/zh'),
  cn: () => import('../../i18n/learning/cn'),
};

async function loadLearningTexts(lang: Language): Promise<Record<LearningNamespace, Texts>> {
  const { default: loaded } = await learningTexts[lang]();
  for (const ns of LEARNING_NAMESPACES) if (!loaded[ns]) throw new Error(`no ${lang}/${ns}.json`);
  return loaded as Record<LearningNamespace, Texts>;
}

const hasAll = (i18n: I18n, lang: Language) => LEARNING_NAMESPACES.every((ns) => i18n.hasResourceBundle(lang, ns));

/** Adds the learning texts of the interface language unless they are there already. */
export async function ensureCoursesNamespace(i18n: I18n, lang: Language = languageOf(i18n)): Promise<void> {
  if (hasAll(i18n, lang)) return;
  const loaded = await loadLearningTexts(lang);
  for (const ns of LEARNING_NAMESPACES) i18n.addResourceBundle(lang, ns, loaded[ns], true, true);
}

/** Renders its page once the learning texts are loaded (page-namespace.tsx). */
export function CoursesNamespace({ children }: { children: ReactNode }) {
  return (
    <PageTexts has={hasAll} ensure={ensureCoursesNamespace} what="the courses texts">
      {children}
    </PageTexts>
  );
}
