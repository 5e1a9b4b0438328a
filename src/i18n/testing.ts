import type { i18n as I18n } from 'i18next';
import type { Language } from '../config/constants';
import { createI18n as createWith } from './index';
import { resources } from './resources';

/** An i18n instance holding every language (tests and Storybook). */
export function createI18n(lang: Language = 'en'): I18n {
  return createWith(lang, resources);
}
