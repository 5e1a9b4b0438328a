import { afterEach, describe, expect, it, vi } from 'vitest';
import { pickVariant } from './index';
import { createI18n } from './testing';
import { resources } from './resources';

function keys(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

const pluralBase = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

describe('translations', () => {
  const namespaces = Object.keys(resources.en);
  it('has namespaces', () => expect(namespaces.length).toBeGreaterThan(0));

  for (const lang of ['cn', 'zh'] as const) {
    it(`${lang} has exactly the namespaces of en`, () => {
      expect(Object.keys(resources[lang]).sort()).toEqual([...namespaces].sort());
    });
    for (const ns of namespaces) {
      // Plural forms differ by language (Chinese has only "other"): compared by their base key,
      // and plurals.test.ts checks that each language has the forms it needs.
      it(`${lang}/${ns} has every key of en/${ns} and no other`, () => {
        const bases = (list: string[]) => [...new Set(list.map(pluralBase))].sort();
        expect(bases(keys(resources[lang][ns] ?? {}))).toEqual(bases(keys(resources.en[ns])));
      });
    }
  }

  it('has no empty string in any language', () => {
    for (const lang of ['en', 'cn', 'zh'] as const) {
      for (const ns of namespaces) {
        const flat = keys(resources[lang][ns]);
        for (const k of flat) {
          const value = k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], resources[lang][ns]);
          expect(value, `${lang}/${ns}:${k}`).not.toBe('');
        }
      }
    }
  });

  it('picks the short variant under 576 px', () => {
    expect(pickVariant('Material library||Materials', 575)).toBe('Materials');
    expect(pickVariant('Material library||Materials', 576)).toBe('Material library');
    expect(pickVariant('Plain', 300)).toBe('Plain');
  });

  describe('the width the short variants follow', () => {
    afterEach(() => vi.restoreAllMocks());

    it('is read only for a text with a short variant, once until the window is resized', () => {
      // Reading innerWidth makes the browser lay out a page that has changed: at every text of a
      // first render it laid the half-drawn page out again and again.
      let width = 400;
      const reads = vi.spyOn(window, 'innerWidth', 'get').mockImplementation(() => width);
      window.dispatchEvent(new Event('resize'));
      const i18n = createI18n('en');
      for (let i = 0; i < 50; i++) i18n.t('common:loading');
      expect(reads).not.toHaveBeenCalled();
      expect(i18n.t('courses:tab.mine')).toBe('Mine');
      expect(i18n.t('courses:tab.material')).toBe('Materials');
      expect(reads).toHaveBeenCalledTimes(1);
      width = 1024;
      expect(i18n.t('courses:tab.mine')).toBe('Mine');
      window.dispatchEvent(new Event('resize'));
      expect(i18n.t('courses:tab.mine')).toBe('My Courses');
      expect(reads).toHaveBeenCalledTimes(2);
    });
  });
});
