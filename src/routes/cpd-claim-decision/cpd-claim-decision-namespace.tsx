import type { ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import type { Language } from '../../config/constants';
import { addNamespace, languageOf, PageTexts, type NamespaceLoaders } from '../page-namespace';

export const CPD_CLAIM_DECISION_NS = 'cpd-claim-decision';

// The claims-to-decide texts travel with the team page, not with the first page (page-namespace.tsx).
const loaders: NamespaceLoaders = {
  en: () => import('../../i18n/locales/en/cpd-claim-decision.json'),
  cn: () => import('../../i18n/locales/cn/cpd-claim-decision.json'),
  zh: () => import('../../i18n/locales/zh/cpd-claim-decision.json'),
};

export async function ensureCpdClaimDecisionNamespace(i18n: I18n, lang: Language = languageOf(i18n)): Promise<void> {
  await addNamespace(i18n, lang, CPD_CLAIM_DECISION_NS, loaders);
}

const has = (i18n: I18n, lang: Language) => i18n.hasResourceBundle(lang, CPD_CLAIM_DECISION_NS);

/** Renders the page once its texts are loaded (page-namespace.tsx). */
export function CpdClaimDecisionNamespace({ children }: { children: ReactNode }) {
  return (
    <PageTexts has={has} ensure={ensureCpdClaimDecisionNamespace} what="the CPD claim decision texts">
      {children}
    </PageTexts>
  );
}
