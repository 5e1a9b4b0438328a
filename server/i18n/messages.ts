import type { Language } from '../../src/config/constants';
import cnServer from '../../src/config/locales/cn/server.json';
import cnValidation from '../../src/config/locales/cn/validation.json';
import enServer from '../../src/config/locales/en/server.json';
import enValidation from '../../src/config/locales/en/validation.json';
import zhServer from '../../src/config/locales/zh/server.json';
import zhValidation from '../../src/config/locales/zh/validation.json';

// The browser and the server read the same catalogues, so a zod message key such as
// 'validation:password_length' reads the same on both sides.
type Catalogue = Record<string, Record<string, string>>;
const catalogues: Record<Language, Catalogue> = {
  en: { server: enServer, validation: enValidation },
  cn: { server: cnServer, validation: cnValidation },
  zh: { server: zhServer, validation: zhValidation },
};

/** A plural's keys (`x_one`, `x_other`) are asked for by their base `x` with a `count`, as i18next does. */
type Base<K> = K extends `${infer B}_other` ? B | K : K;
export type ServerMessageKey = `server:${Base<keyof typeof enServer>}`;
export type ValidationMessageKey = `validation:${keyof typeof enValidation}`;
export type MessageKey = ServerMessageKey | ValidationMessageKey;

/** X-App-Language (SPEC §7: en | zh-HK | zh-CN) → interface language; anything else is en. */
export function languageFromHeader(value: string | null | undefined): Language {
  const v = (value ?? '').trim().toLowerCase();
  if (v === 'zh-hk' || v === 'zh-tw' || v === 'zh-hant' || v === 'zh') return 'zh';
  if (v === 'zh-cn' || v === 'zh-sg' || v === 'zh-hans' || v === 'cn') return 'cn';
  return 'en';
}

function lookup(lang: Language, key: string): string | undefined {
  const sep = key.indexOf(':');
  if (sep < 1) return undefined;
  return catalogues[lang][key.slice(0, sep)]?.[key.slice(sep + 1)];
}

const PLURAL_LOCALE: Record<Language, string> = { en: 'en', zh: 'zh-HK', cn: 'zh-CN' };

/** The text of `key` in `lang`; with a numeric count, its plural form (`key_one`, `key_other`) by the language's rules. */
function templateOf(lang: Language, key: string, count: unknown): string | undefined {
  const exact = lookup(lang, key);
  if (exact !== undefined || typeof count !== 'number') return exact;
  const form = new Intl.PluralRules(PLURAL_LOCALE[lang]).select(count);
  return lookup(lang, `${key}_${form}`) ?? lookup(lang, `${key}_other`);
}

/** Whether `key` is a message key of a catalogue (e.g. a zod message set by a shared schema). */
export function isMessageKey(key: string): boolean {
  return lookup('en', key) !== undefined || lookup('en', `${key}_other`) !== undefined;
}

export function translate(lang: Language, key: MessageKey | string, vars: Record<string, string | number> = {}): string {
  const template = templateOf(lang, key, vars.count) ?? templateOf('en', key, vars.count) ?? key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}
