// Test support: renders a view with a real i18n instance in the given language.
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { Language } from '../../config/constants';
import { createI18n } from '../../i18n/testing';

export function renderWithI18n(ui: ReactElement, lang: Language = 'en') {
  const i18n = createI18n(lang);
  return { ...render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>), i18n };
}
