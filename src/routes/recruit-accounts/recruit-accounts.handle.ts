import en from '../../i18n/locales/en/recruits.json';
import cn from '../../i18n/locales/cn/recruits.json';
import zh from '../../i18n/locales/zh/recruits.json';
import type { RouteTitleHandle } from '../layout/page-title';

/** Route data of /management/recruits and of the merge pages (SPEC §2 title, title_en, title_cn, title_zh). */
export const recruitAccountsTitle: RouteTitleHandle = { title: 'recruit_accounts', title_en: en.title, title_cn: cn.title, title_zh: zh.title };
export const accountMergeTitle: RouteTitleHandle = { title: 'account_merge', title_en: en.merge.title, title_cn: cn.merge.title, title_zh: zh.merge.title };
