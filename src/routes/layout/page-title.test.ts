import { describe, expect, it } from 'vitest';
import { routeTitle } from './page-title';

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
});
