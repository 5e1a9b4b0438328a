import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/testing';
import { appRoutes } from '../router';
import { navTitles, routeTitle } from './page-title';

const handle = { title: 'courses_material', title_en: 'Material library||Materials', title_cn: '资料库', title_zh: '資料庫' };

describe('routeTitle', () => {
  it('picks the deepest titled route in the interface language', () => {
    const matches = [{ handle: { title_en: 'Outer', title_cn: '外', title_zh: '外' } }, { handle }, { handle: undefined }];
    expect(routeTitle(matches, 'en', 1200)).toBe('Material library');
    expect(routeTitle(matches, 'cn', 1200)).toBe('资料库');
    expect(routeTitle(matches, 'zh', 1200)).toBe('資料庫');
  });
  it('shows the short variant under 576 px', () => {
    expect(routeTitle([{ handle }], 'en', 575)).toBe('Materials');
  });
  it('falls back to English, then the plain title, then nothing', () => {
    expect(routeTitle([{ handle: { title_en: 'Only English' } }], 'zh', 1200)).toBe('Only English');
    expect(routeTitle([{ handle: { title: 'Plain' } }], 'cn', 1200)).toBe('Plain');
    expect(routeTitle([{ handle: null }, {}], 'en', 1200)).toBe('');
    expect(routeTitle([], 'en', 1200)).toBe('');
  });
  it('keeps an empty title (the main page) instead of looking further up', () => {
    expect(routeTitle([{ handle: { title_en: 'Layout' } }, { handle: { title_en: '', title_cn: '', title_zh: '' } }], 'cn', 1200)).toBe('');
  });
  it('reads a key-only title (the route table’s) from the loaded catalogue, in its language, short under 576 px', async () => {
    const i18n = createI18n('zh');
    expect(routeTitle([{ handle: { title: 'courses_material' } }], 'zh', 1200, navTitles(i18n))).toBe('資料庫');
    await i18n.changeLanguage('en');
    expect(routeTitle([{ handle: { title: 'courses_material' } }], 'en', 575, navTitles(i18n))).toBe('Materials');
    expect(routeTitle([{ handle: { title: 'courses_material' } }], 'en', 1200, navTitles(i18n))).toBe('Material Library');
    // A key the catalogue lacks is shown as it is (never an i18next "nav-titles:…" key).
    expect(routeTitle([{ handle: { title: 'Plain' } }], 'en', 1200, navTitles(i18n))).toBe('Plain');
  });
  it('gives every titled page of the route table a title in every language (SPEC §2)', () => {
    const i18n = createI18n('en');
    const titles = (routes: ReturnType<typeof appRoutes>): string[] =>
      routes.flatMap((r) => [...(r.handle && typeof r.handle === 'object' && 'title' in r.handle && r.handle.title ? [String(r.handle.title)] : []), ...titles(r.children ?? [])]);
    const keys = titles(appRoutes());
    expect(keys.length).toBeGreaterThan(10);
    for (const lang of ['en', 'cn', 'zh'] as const) {
      const missing = keys.filter((key) => !i18n.getResource(lang, 'nav-titles', key));
      expect(missing, lang).toEqual([]);
    }
  });
});
