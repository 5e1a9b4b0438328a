import { useTranslation } from 'react-i18next';
import { NavAnchor } from '../layout/nav-anchor';
import { PublicPage } from '../public-page/public-page';
import '../form/form.css';

export interface SignOutViewProps {
  productTitle: string;
  onNavigate: (to: string) => void;
}

/** SPEC §2 /logout: a redirecting-to-login message and a link to the root path. */
export function SignOutView({ productTitle, onNavigate }: SignOutViewProps) {
  const { t } = useTranslation();
  return (
    <PublicPage productTitle={productTitle} heading={t('nav-titles:logout')}>
      <p className="public-page__text" role="status" aria-busy="true">
        <span className="form-spinner" aria-hidden="true" /> {t('pages:logout.message')}
      </p>
      <NavAnchor to="/" onNavigate={onNavigate}>
        {t('pages:logout.link')}
      </NavAnchor>
    </PublicPage>
  );
}
