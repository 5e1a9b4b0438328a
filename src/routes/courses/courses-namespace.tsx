import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nContext, useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { Language } from '../../config/constants';
import { isLanguage } from '../../i18n';
import { LoadingOverlay } from '../../ui/layout/loading-overlay';

export const COURSES_NS = 'courses';

// The learning texts (the catalogue, quizzes, the feedback form, the SCORM launcher) travel with the learning pages,
// not with the first page: each language's namespaces are their own chunks, fetched when a page of
// them is first shown in that language.
export const LEARNING_NAMESPACES = [COURSES_NS, 'quiz', 'feedback-forms', 'scorm'] as const;
type LearningTexts = Record<(typeof LEARNING_NAMESPACES)[number], Record<string, unknown>>;
const texts = async (files: Promise<{ default: Record<string, unknown> }>[]): Promise<LearningTexts> => {
  const [courses, quiz, feedback, scorm] = await Promise.all(files);
  return { courses: courses.default, quiz: quiz.default, 'feedback-forms': feedback.default, scorm: scorm.default };
};
const loaders: Record<Language, () => Promise<LearningTexts>> = {
  en: () => texts([import('../../i18n/locales/en/courses.json'), import('../../i18n/locales/en/quiz.json'), import('../../i18n/locales/en/feedback-forms.json'), import('../../i18n/locales/en/scorm.json')]),
  cn: () => texts([import('../../i18n/locales/cn/courses.json'), import('../../i18n/locales/cn/quiz.json'), import('../../i18n/locales/cn/feedback-forms.json'), import('../../i18n/locales/cn/scorm.json')]),
  zh: () => texts([import('../../i18n/locales/zh/courses.json'), import('../../i18n/locales/zh/quiz.json'), import('../../i18n/locales/zh/feedback-forms.json'), import('../../i18n/locales/zh/scorm.json')]),
};

function languageOf(i18n: I18n): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

const hasAll = (i18n: I18n, lang: Language) => LEARNING_NAMESPACES.every((ns) => i18n.hasResourceBundle(lang, ns));

/** Adds the learning texts of the interface language unless they are there already. */
export async function ensureCoursesNamespace(i18n: I18n, lang: Language = languageOf(i18n)): Promise<void> {
  if (hasAll(i18n, lang)) return;
  const loaded = await loaders[lang]();
  for (const ns of LEARNING_NAMESPACES) i18n.addResourceBundle(lang, ns, loaded[ns], true, true);
}

/**
 * Renders its page once the namespace is loaded. After a language change the page stays mounted
 * (its list and filters are kept) and re-renders when the new texts have arrived: a fresh i18n
 * context value reaches every useTranslation below, which adding resources alone does not.
 */
export function CoursesNamespace({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const lang = languageOf(i18n);
  const [loaded, setLoaded] = useState<ReadonlySet<Language>>(() => new Set(hasAll(i18n, lang) ? [lang] : []));
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    ensureCoursesNamespace(i18n, lang).then(
      () => current && setLoaded((prev) => new Set([...prev, lang])),
      (error: unknown) => {
        // A chunk that cannot be fetched (offline after a deploy) is the router's error page's job.
        console.error(error);
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [i18n, lang]);

  const context = useMemo(() => ({ i18n, loaded }), [i18n, loaded]);
  if (failed) throw new Error('the courses texts could not be loaded');
  if (loaded.size === 0) return <LoadingOverlay />;
  return <I18nContext.Provider value={context}>{children}</I18nContext.Provider>;
}
