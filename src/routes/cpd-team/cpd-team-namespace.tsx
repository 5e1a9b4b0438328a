import type { ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import type { Language } from '../../config/constants';
import { addNamespace, languageOf, PageTexts, type NamespaceLoaders } from '../page-namespace';

export const CPD_TEAM_NS = 'cpd-team';

// The team compliance page's texts travel with its page, not with the first page (page-namespace.tsx).
const loaders: NamespaceLoaders = {
  en: () => import('../../i18n/locales/en/cpd-team.json'),
  cn: () => import('../../i18n/locales/cn/cpd-team.json'),
  zh: () => import('../../i18n/locales/zh/cpd-team.json'),
};

export async function ensureCpdTeamNamespace(i18n: I18n, lang: Language = languageOf(i18n)): Promise<void> {
  await addNamespace(i18n, lang, CPD_TEAM_NS, loaders);
}

const has = (i18n: I18n, lang: Language) => i18n.hasResourceBundle(lang, CPD_TEAM_NS);

/** Renders the page once its texts are loaded (page-namespace.tsx). */
export function CpdTeamNamespace({ children }: { children: ReactNode }) {
  return (
    <PageTexts has={has} ensure={ensureCpdTeamNamespace} what="the team CPD texts">
      {children}
    </PageTexts>
  );
}
