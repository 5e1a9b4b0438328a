import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nContext, useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { Language } from '../../config/constants';
import { isLanguage } from '../../i18n';
import { LoadingOverlay } from '../../ui/layout/loading-overlay';

export const OFFLINE_NS = 'offline';

// The classroom course texts travel with the /offline pages, not with the first page (its JS budget):
// each language's file is its own chunk, fetched when a page is first shown in that language.
const loaders: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('../../i18n/locales/en/offline.json'),
  cn: () => import('../../i18n/locales/cn/offline.json'),
  zh: () => import('../../i18n/locales/zh/offline.json'),
};

const languageOf = (i18n: I18n): Language => (isLanguage(i18n.language) ? i18n.language : 'en');

/** Adds the classroom course texts of the language unless they are there already. */
export async function ensureOfflineNamespace(i18n: I18n, lang: Language = languageOf(i18n)): Promise<void> {
  if (i18n.hasResourceBundle(lang, OFFLINE_NS)) return;
  const m = await loaders[lang]();
  i18n.addResourceBundle(lang, OFFLINE_NS, m.default, true, true);
}

/** Renders the page once its texts are loaded; a language change re-renders it with the new texts. */
export function OfflineNamespace({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const lang = languageOf(i18n);
  const [loaded, setLoaded] = useState<ReadonlySet<Language>>(() => new Set(i18n.hasResourceBundle(lang, OFFLINE_NS) ? [lang] : []));
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    ensureOfflineNamespace(i18n, lang).then(
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
  if (failed) throw new Error('the classroom course texts could not be loaded');
  if (loaded.size === 0) return <LoadingOverlay />;
  return <I18nContext.Provider value={context}>{children}</I18nContext.Provider>;
}
