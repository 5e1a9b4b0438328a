import type { ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import type { Language } from '../../config/constants';
import { languageOf, PageTexts } from '../page-namespace';

export const COURSES_NS = 'courses';

// The learning texts (the catalogue, lessons and their attachments, quizzes, the feedback form, the SCORM launcher)
// travel with the learning pages, not with the first page: each language's namespaces are their own
// chunks, fetched when a page of them is first shown in that language. The language bundles
// (src/i18n/bundles/*.ts) leave these files out; a test checks both lists agree.
export const LEARNING_NAMESPACES = [COURSES_NS, 'quiz', 'feedback-forms', 'attachments', 'lesson', 'scorm'] as const;
type LearningNamespace = (typeof LEARNING_NAMESPACES)[number];
type Texts = Record<string, unknown>;
const files = import.meta.glob<Texts>('../../i18n/locales/*/{courses,quiz,feedback-forms,attachments,lesson,scorm}.json', { import: 'default' });

async function loadLearningTexts(lang: Language): Promise<Record<LearningNamespace, Texts>> {
  const loaded = await Promise.all(
    LEARNING_NAMESPACES.map(async (ns) => {
      const load = files[`../../i18n/locales/${lang}/${ns}.json`];
      if (!load) throw new Error(`no ${lang}/${ns}.json`);
      return [ns, await load()] as const;
    }),
  );
  return Object.fromEntries(loaded) as Record<LearningNamespace, Texts>;
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
