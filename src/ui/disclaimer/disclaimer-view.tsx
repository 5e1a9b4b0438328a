import type { TFunction } from 'i18next';
import { NavAnchor } from '../layout/nav-anchor';
import { PublicPage } from '../public-page/public-page';
import './disclaimer-view.css';

export interface DisclaimerViewProps {
  productTitle: string;
  /** The stored language's translator and its HTML language tag; null when the stored
   * language is none of en, cn, zh (then nothing is shown). */
  text: { t: TFunction; htmlLang: string } | null;
  onNavigate: (to: string) => void;
}

/** SPEC §1/§2: the confidentiality disclaimer in the stored language; nothing for another language. */
export function DisclaimerView({ productTitle, text, onNavigate }: DisclaimerViewProps) {
  if (!text) return <main id="main-content" className="disclaimer-view--empty" />;
  const { t, htmlLang } = text;
  return (
    <div lang={htmlLang}>
      <PublicPage productTitle={productTitle} heading={t('disclaimer:title')} wide>
        <p className="disclaimer-view__body">{t('disclaimer:body')}</p>
        <p className="disclaimer-view__copyright">{t('common:copyright')}</p>
        {/* Reached from the sign-in page: the way back, in the page's own language. */}
        <div className="public-page__links">
          <NavAnchor to="/login" onNavigate={onNavigate}>
            {t('disclaimer:back')}
          </NavAnchor>
        </div>
      </PublicPage>
    </div>
  );
}
