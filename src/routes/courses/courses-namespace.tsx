import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nContext, useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { Language } from '../../config/constants';
import { isLanguage } from '../../i18n';
import { LoadingOverlay } from '../../ui/layout/loading-overlay';

export const COURSES_NS = 'courses';

// The catalogue texts travel with the learning pages, not with the first page: each language is
// its own chunk, fetched when a page of this namespace is first shown in that language.
const loaders: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('../../i18n/locales/en/courses.json'),
  cn: () => import('../../i18n/locales/cn/courses.json'),
  zh: () => import('../../i18n/locales/zh/courses.json'),
};

function languageOf(i18n: I18n): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

/** Adds the `courses` texts of the interface language unless they are there already. */
export async function ensureCoursesNamespace(i18n: I18n, lang: Language = languageOf(i18n)): Promise<void> {
  if (i18n.hasResourceBundle(lang, COURSES_NS)) return;
  const { default: texts } = await loaders[lang]();
  i18n.addResourceBundle(lang, COURSES_NS, texts, true, true);
}

/**
 * Renders its page once the namespace is loaded. After a language change the page stays mounted
 * (its list and filters are kept) and re-renders when the new texts have arrived: a fresh i18n
 * context value reaches every useTranslation below, which adding resources alone does not.
 */
export function CoursesNamespace({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const lang = languageOf(i18n);
  const [loaded, setLoaded] = useState<ReadonlySet<Language>>(() => new Set(i18n.hasResourceBundle(lang, COURSES_NS) ? [lang] : []));
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
