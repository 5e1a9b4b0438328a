import en from '../../i18n/locales/en/continual-auth.json';
import cn from '../../i18n/locales/cn/continual-auth.json';
import zh from '../../i18n/locales/zh/continual-auth.json';
import type { RouteTitleHandle } from '../layout/page-title';

/** Route data of /profile/identity-checks (SPEC §2 title, title_en, title_cn, title_zh). */
export const identityChecksTitle: RouteTitleHandle = {
  title: 'identity_checks',
  title_en: en.history_title,
  title_cn: cn.history_title,
  title_zh: zh.history_title,
};
