import type { ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import type { Language } from '../../config/constants';
import { COURSES_NS, ensureCoursesNamespace } from '../courses/courses-namespace';
import { addNamespace, languageOf, PageTexts, type NamespaceLoaders } from '../page-namespace';

export const NOTIFICATIONS_NS = 'notifications';

// The notification texts travel with the /notification page, not with the first page
// (page-namespace.tsx); its list states and page links are the catalogue's (courses texts).
const loaders: NamespaceLoaders = {
  en: () => import('../../i18n/locales/en/notifications.json'),
  cn: () => import('../../i18n/locales/cn/notifications.json'),
  zh: () => import('../../i18n/locales/zh/notifications.json'),
};

/** Adds the notification texts (and the catalogue's) of the language unless they are there already. */
export async function ensureNotificationsNamespace(i18n: I18n, lang: Language = languageOf(i18n)): Promise<void> {
  await Promise.all([addNamespace(i18n, lang, NOTIFICATIONS_NS, loaders), ensureCoursesNamespace(i18n, lang)]);
}

const has = (i18n: I18n, lang: Language) => i18n.hasResourceBundle(lang, NOTIFICATIONS_NS) && i18n.hasResourceBundle(lang, COURSES_NS);

/** Renders the page once its texts are loaded (page-namespace.tsx). */
export function NotificationsNamespace({ children }: { children: ReactNode }) {
  return (
    <PageTexts has={has} ensure={ensureNotificationsNamespace} what="the notification texts">
      {children}
    </PageTexts>
  );
}
