import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nContext, useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { Language } from '../../config/constants';
import { isLanguage } from '../../i18n';
import { LoadingOverlay } from '../../ui/layout/loading-overlay';

export const MANAGEMENT_NS = 'management';

// The /management texts travel with the page, not with the first page (its JS budget): each
// language's file is its own chunk, fetched when the page is first shown in that language.
const loaders: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('../../i18n/locales/en/management.json'),
  cn: () => import('../../i18n/locales/cn/management.json'),
  zh: () => import('../../i18n/locales/zh/management.json'),
};

const languageOf = (i18n: I18n): Language => (isLanguage(i18n.language) ? i18n.language : 'en');

/** Adds the management texts of the language unless they are there already. */
export async function ensureManagementNamespace(i18n: I18n, lang: Language = languageOf(i18n)): Promise<void> {
  if (i18n.hasResourceBundle(lang, MANAGEMENT_NS)) return;
  const m = await loaders[lang]();
  i18n.addResourceBundle(lang, MANAGEMENT_NS, m.default, true, true);
}

/** Renders the page once its texts are loaded; a language change re-renders it with the new texts. */
export function ManagementNamespace({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const lang = languageOf(i18n);
  const [loaded, setLoaded] = useState<ReadonlySet<Language>>(() => new Set(i18n.hasResourceBundle(lang, MANAGEMENT_NS) ? [lang] : []));
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    ensureManagementNamespace(i18n, lang).then(
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
  if (failed) throw new Error('the management texts could not be loaded');
  if (loaded.size === 0) return <LoadingOverlay />;
  return <I18nContext.Provider value={context}>{children}</I18nContext.Provider>;
}
