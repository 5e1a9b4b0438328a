import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nContext, useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { Language } from '../../config/constants';
import { isLanguage } from '../../i18n';
import { LoadingOverlay } from '../../ui/layout/loading-overlay';
import { ensureCoursesNamespace } from '../courses/courses-namespace';

export const MOCK_EXAMS_NS = 'mock-exams';

// The mock exam texts travel with the /mockexam page, not with the first page (its JS budget):
// each language's file is its own chunk, fetched when the page is first shown in that language.
// The exam mode shows the quiz views, so the learning texts (quiz) come with it.
const loaders: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('../../i18n/locales/en/mock-exams.json'),
  cn: () => import('../../i18n/locales/cn/mock-exams.json'),
  zh: () => import('../../i18n/locales/zh/mock-exams.json'),
};

const languageOf = (i18n: I18n): Language => (isLanguage(i18n.language) ? i18n.language : 'en');

/** Adds the mock exam texts (and the learning texts) of the language unless they are there already. */
export async function ensureMockExamsNamespace(i18n: I18n, lang: Language = languageOf(i18n)): Promise<void> {
  const own = i18n.hasResourceBundle(lang, MOCK_EXAMS_NS) ? Promise.resolve() : loaders[lang]().then((m) => void i18n.addResourceBundle(lang, MOCK_EXAMS_NS, m.default, true, true));
  await Promise.all([own, ensureCoursesNamespace(i18n, lang)]);
}

/** Renders the page once its texts are loaded; a language change re-renders it with the new texts. */
export function MockExamsNamespace({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const lang = languageOf(i18n);
  const [loaded, setLoaded] = useState<ReadonlySet<Language>>(() => new Set(i18n.hasResourceBundle(lang, MOCK_EXAMS_NS) && i18n.hasResourceBundle(lang, 'quiz') ? [lang] : []));
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    ensureMockExamsNamespace(i18n, lang).then(
      () => current && setLoaded((prev) => new Set([...prev, lang])),
      (error: unknown) => {
        console.error(error);
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [i18n, lang]);

  const context = useMemo(() => ({ i18n, loaded }), [i18n, loaded]);
  if (failed) throw new Error('the mock exam texts could not be loaded');
  if (loaded.size === 0) return <LoadingOverlay />;
  return <I18nContext.Provider value={context}>{children}</I18nContext.Provider>;
}
