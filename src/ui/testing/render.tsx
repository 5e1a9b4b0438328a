import type { ReactElement } from 'react';
import { fireEvent, render, type RenderResult } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../i18n/testing';
import type { Language } from '../../config/constants';

/** Renders a view the way the app does: with a real i18n instance (catalogue texts, not keys). */
export function renderWithI18n(ui: ReactElement, lang: Language = 'en'): RenderResult & { i18n: ReturnType<typeof createI18n> } {
  const i18n = createI18n(lang);
  const result = render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
  return { ...result, i18n };
}

/** jsdom has no layout: the layout's breakpoints fall back to window.innerWidth. */
export function setWindowWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

/** A full outside click on a dialog's backdrop (Radix dismisses on the click, not the pointerdown). */
export function clickBackdrop(selector = '.dialog-overlay'): void {
  const target = document.querySelector(selector) ?? document.body;
  fireEvent.pointerDown(target);
  fireEvent.mouseDown(target);
  fireEvent.pointerUp(target);
  fireEvent.mouseUp(target);
  fireEvent.click(target);
}
