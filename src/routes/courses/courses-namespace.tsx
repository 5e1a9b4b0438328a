import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nContext, useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { Language } from '../../config/constants';
import { isLanguage } from '../../i18n';
import { LoadingOverlay } from '../../ui/layout/loading-overlay';

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

function languageOf(i18n: I18n): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

const hasAll = (i18n: I18n, lang: Language) => LEARNING_NAMESPACES.every((ns) => i18n.hasResourceBundle(lang, ns));

/** Adds the learning texts of the interface language unless they are there already. */
export async function ensureCoursesNamespace(i18n: I18n, lang: Language = languageOf(i18n)): Promise<void> {
  if (hasAll(i18n, lang)) return;
  const loaded = await loadLearningTexts(lang);
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
