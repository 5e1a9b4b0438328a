import i18next, { type i18n as I18n, type PostProcessorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, SHORT_TEXT_MAX_WIDTH, STORAGE_KEY, type Language } from '../config/constants';

// Every namespace file under locales/<lang>/<ns>.json is bundled: the catalogue is small,
// and a missing key in any language fails tests/unit i18n completeness test.
// Catalogues the server also answers in (validation, server messages) live in src/config/locales.
const files = {
  ...import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', { eager: true }),
  ...import.meta.glob<{ default: Record<string, unknown> }>('../config/locales/*/*.json', { eager: true }),
};

export const resources: Record<Language, Record<string, Record<string, unknown>>> = { en: {}, cn: {}, zh: {} };
for (const [path, mod] of Object.entries(files)) {
  const match = /\/locales\/(\w+)\/([\w-]+)\.json$/.exec(path);
  if (!match) continue;
  const [, lang, ns] = match;
  if ((LANGUAGES as readonly string[]).includes(lang)) resources[lang as Language][ns] = mod.default;
}
export const namespaces = Object.keys(resources.en);

/** SPEC §9: a text may hold two variants "long||short"; under 576 px the short one is shown. */
export const SHORT_VARIANT_SEPARATOR = '||';
export function pickVariant(value: string, width: number): string {
  const parts = value.split(SHORT_VARIANT_SEPARATOR);
  if (parts.length !== 2) return value;
  return width < SHORT_TEXT_MAX_WIDTH ? parts[1] : parts[0];
}
const shortVariant: PostProcessorModule = {
  type: 'postProcessor',
  name: 'shortVariant',
  process: (value: string) => pickVariant(value, typeof window === 'undefined' ? Infinity : window.innerWidth),
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

export function createI18n(lng: Language = storedLanguage()): I18n {
  const instance = i18next.createInstance();
  void instance
    .use(shortVariant)
    .use(initReactI18next)
    .init({
      resources,
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

/** Switch the language and remember it under `lang` (SPEC §1). */
export async function changeLanguage(instance: I18n, lang: Language): Promise<void> {
  localStorage.setItem(STORAGE_KEY.lang, lang);
  await instance.changeLanguage(lang);
}
