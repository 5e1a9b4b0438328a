import { describe, expect, it } from 'vitest';
import { pickVariant } from './index';
import { resources } from './resources';

function keys(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('translations', () => {
  const namespaces = Object.keys(resources.en);
  it('has namespaces', () => expect(namespaces.length).toBeGreaterThan(0));

  for (const lang of ['cn', 'zh'] as const) {
    it(`${lang} has exactly the namespaces of en`, () => {
      expect(Object.keys(resources[lang]).sort()).toEqual([...namespaces].sort());
    });
    for (const ns of namespaces) {
      it(`${lang}/${ns} has every key of en/${ns} and no other`, () => {
        expect(keys(resources[lang][ns] ?? {}).sort()).toEqual(keys(resources.en[ns]).sort());
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
});
