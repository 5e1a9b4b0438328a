import type { Language } from '../config/constants';
import { collect, type Catalogue } from './collect';

// Every language and namespace, eagerly: for tests, Storybook and the completeness test. The app
// itself loads one language at a time (bundles/<lang>.ts), so this module stays out of it.
const all = {
  ...import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', { eager: true }),
  ...import.meta.glob<{ default: Record<string, unknown> }>('../config/locales/*/*.json', { eager: true }),
};

function forLanguage(lang: Language): Catalogue {
  return collect(Object.fromEntries(Object.entries(all).filter(([path]) => path.includes(`/locales/${lang}/`))));
}

export const resources: Record<Language, Catalogue> = { en: forLanguage('en'), cn: forLanguage('cn'), zh: forLanguage('zh') };
