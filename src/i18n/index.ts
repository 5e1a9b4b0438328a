import i18next, { type i18n as I18n, type PostProcessorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Catalogue } from './collect';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, SHORT_TEXT_MAX_WIDTH, STORAGE_KEY, type Language } from '../config/constants';

const bundleLoaders: Record<Language, () => Promise<{ default: Catalogue }>> = {
  en: () => import('./bundles/en'),
  cn: () => import('./bundles/cn'),
  zh: () => import('./bundles/zh'),
};

/** Loads one language's catalogue (its own chunk). */
export async function loadLanguage(lang: Language): Promise<Catalogue> {
  return (await bundleLoaders[lang]()).default;
}

/** SPEC §9: a text may hold two variants "long||short"; under 576 px the short one is shown. */
export const SHORT_VARIANT_SEPARATOR = '||';
export function pickVariant(value: string, width: number): string {
  const parts = value.split(SHORT_VARIANT_SEPARATOR);
  if (parts.length !== 2) return value;
  return width < SHORT_TEXT_MAX_WIDTH ? parts[1] : parts[0];
}
/**
 * The viewport's width, read once and again after each resize. Reading window.innerWidth makes the
 * browser lay the page out first when the DOM has changed since: read at every translated text, it
 * laid the half-drawn page out again and again during the first render (about 11 ms of a lesson's
 * first render, 45 ms at Lighthouse's 4× CPU slowdown).
 */
let knownWidth: number | null = null;
if (typeof window !== 'undefined') {
  window.addEventListener('resize', () => {
    knownWidth = null;
  });
}
export function viewportWidth(): number {
  if (typeof window === 'undefined') return Infinity;
  return (knownWidth ??= window.innerWidth);
}

const shortVariant: PostProcessorModule = {
  type: 'postProcessor',
  name: 'shortVariant',
  // Most texts have no short variant: those need no width at all.
  process: (value: string) => (value.includes(SHORT_VARIANT_SEPARATOR) ? pickVariant(value, viewportWidth()) : value),
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The stored preference, or the app default when none (or an unknown one) is stored. */
export function storedLanguage(fallback: Language = DEFAULT_LANGUAGE): Language {
  try {
    const stored = localStorage.getItem(STORAGE_KEY.lang);
    return isLanguage(stored) ? stored : fallback;
  } catch {
    return fallback;
  }
}

/** An i18n instance over the given catalogues (the app passes the one language it loaded;
 * tests pass every language through ./testing). */
export function createI18n(lng: Language, catalogues: Partial<Record<Language, Catalogue>>): I18n {
  const instance = i18next.createInstance();
  const namespaces = Object.keys(catalogues[lng] ?? catalogues.en ?? {});
  void instance
    .use(shortVariant)
    .use(initReactI18next)
    .init({
      resources: catalogues,
      partialBundledLanguages: true,
      lng,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      ns: namespaces,
      defaultNS: 'common',
      postProcess: ['shortVariant'],
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    });
  const setDocumentLang = (l: string) => {
    if (typeof document !== 'undefined') document.documentElement.lang = l === 'zh' ? 'zh-HK' : l === 'cn' ? 'zh-CN' : 'en';
  };
  setDocumentLang(instance.language ?? lng);
  instance.on('languageChanged', setDocumentLang);
  return instance;
}

/** The server names a first page's texts in its HTML by this cookie (ADR 043): the language in use,
 * copied from storage at boot and on every change. Not sensitive, so readable and not Secure-only. */
export function shareLanguageWithServer(lang: Language): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${LANGUAGE_COOKIE}=${lang}; path=/; max-age=31536000; SameSite=Lax`;
}

/** The app's instance: loads the stored language's catalogue first. */
export async function createAppI18n(lng: Language): Promise<I18n> {
  const catalogue = await loadLanguage(lng);
  shareLanguageWithServer(lng);
  return createI18n(lng, { [lng]: catalogue });
}

/** Switch the language (loading its catalogue when needed) and remember it under `lang` (SPEC §1). */
export async function changeLanguage(instance: I18n, lang: Language): Promise<void> {
  localStorage.setItem(STORAGE_KEY.lang, lang);
  shareLanguageWithServer(lang);
  if (!instance.hasResourceBundle(lang, 'common')) {
    const catalogue = await loadLanguage(lang);
    for (const [ns, keys] of Object.entries(catalogue)) instance.addResourceBundle(lang, ns, keys, true, true);
  }
  await instance.changeLanguage(lang);
}
