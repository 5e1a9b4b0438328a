import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, createAppI18n } from './index';

// ADR 043: the server names a first page's texts by the `lang` cookie: it follows the language in use.
const cookieLang = () => /(?:^|;\s*)lang=(\w+)/.exec(document.cookie)?.[1];

afterEach(() => {
  document.cookie = 'lang=; path=/; max-age=0';
  localStorage.clear();
});

describe('the language cookie', () => {
  it('is written at boot with the language the app starts in, and on every change', async () => {
    expect(cookieLang()).toBeUndefined();
    const i18n = await createAppI18n('cn');
    expect(cookieLang()).toBe('cn');
    await changeLanguage(i18n, 'zh');
    expect(cookieLang()).toBe('zh');
    expect(localStorage.getItem('lang')).toBe('zh');
  });
});
