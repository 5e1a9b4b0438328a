import type { ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import type { Language } from '../../config/constants';
import { addNamespace, languageOf, PageTexts, type NamespaceLoaders } from '../page-namespace';

export const EVIDENCE_REPLAY_NS = 'evidence-replay';

// The evidence replay page's texts travel with its page, not with the first page (page-namespace.tsx).
const loaders: NamespaceLoaders = {
  en: () => import('../../i18n/locales/en/evidence-replay.json'),
  cn: () => import('../../i18n/locales/cn/evidence-replay.json'),
  zh: () => import('../../i18n/locales/zh/evidence-replay.json'),
};

export async function ensureEvidenceReplayNamespace(i18n: I18n, lang: Language = languageOf(i18n)): Promise<void> {
  await addNamespace(i18n, lang, EVIDENCE_REPLAY_NS, loaders);
}

const has = (i18n: I18n, lang: Language) => i18n.hasResourceBundle(lang, EVIDENCE_REPLAY_NS);

/** Renders the page once its texts are loaded (page-namespace.tsx). */
export function EvidenceReplayNamespace({ children }: { children: ReactNode }) {
  return (
    <PageTexts has={has} ensure={ensureEvidenceReplayNamespace} what="the evidence replay texts">
      {children}
    </PageTexts>
  );
}
