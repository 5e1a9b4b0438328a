import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nContext, useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { Language } from '../config/constants';
import { isLanguage } from '../i18n';
import { LoadingOverlay } from '../ui/layout/loading-overlay';

// Page texts that travel with their pages, not with the first page (its JS budget): each
// language's file is its own chunk, fetched when a page of them is first shown in that language.
// The language bundles (src/i18n/bundles/*.ts) leave these files out; courses-namespace.test.tsx
// checks both lists agree. Each page's namespace file names its loaders (literal imports, so the
// bundler makes the chunks) and uses what is here.

export type NamespaceLoaders = Record<Language, () => Promise<{ default: Record<string, unknown> }>>;

export function languageOf(i18n: I18n): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

/** Adds one namespace's texts of `lang` unless they are there already. */
export async function addNamespace(i18n: I18n, lang: Language, ns: string, loaders: NamespaceLoaders): Promise<void> {
  if (i18n.hasResourceBundle(lang, ns)) return;
  const m = await loaders[lang]();
  i18n.addResourceBundle(lang, ns, m.default, true, true);
}

export interface PageTextsProps {
  /** Whether the texts of `lang` are loaded already. */
  has: (i18n: I18n, lang: Language) => boolean;
  /** Loads them (a stable function: it is an effect's dependency). */
  ensure: (i18n: I18n, lang: Language) => Promise<void>;
  /** For the error thrown when they cannot be loaded, e.g. 'the management texts'. */
  what: string;
  children: ReactNode;
}

/**
 * Renders its page once the texts are loaded. After a language change the page stays mounted
 * (its list and filters are kept) and re-renders when the new texts have arrived: a fresh i18n
 * context value reaches every useTranslation below, which adding resources alone does not.
 */
export function PageTexts({ has, ensure, what, children }: PageTextsProps) {
  const { i18n } = useTranslation();
  const lang = languageOf(i18n);
  const [loaded, setLoaded] = useState<ReadonlySet<Language>>(() => new Set(has(i18n, lang) ? [lang] : []));
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    ensure(i18n, lang).then(
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
  }, [i18n, lang, ensure]);

  const context = useMemo(() => ({ i18n, loaded }), [i18n, loaded]);
  if (failed) throw new Error(`${what} could not be loaded`);
  if (loaded.size === 0) return <LoadingOverlay />;
  return <I18nContext.Provider value={context}>{children}</I18nContext.Provider>;
}
