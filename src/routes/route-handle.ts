import en from '../i18n/locales/en/nav-titles.json';
import cn from '../i18n/locales/cn/nav-titles.json';
import zh from '../i18n/locales/zh/nav-titles.json';
import type { RouteTitleHandle } from './layout/page-title';

export type TitleKey = keyof typeof en;

/** Route data of SPEC §2 (title, title_en, title_cn, title_zh), from the nav-titles catalogue
 * so the i18n completeness test covers every page title. */
export function titled(key: TitleKey): RouteTitleHandle {
  return { title: key, title_en: en[key], title_cn: cn[key], title_zh: zh[key] };
}

/** SPEC §1: the title part is empty for the main page (the page title is the product title). */
export const UNTITLED: RouteTitleHandle = { title: '', title_en: '', title_cn: '', title_zh: '' };
