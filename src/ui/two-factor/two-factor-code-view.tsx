import { useTranslation } from 'react-i18next';
import type { TwoFactorCodeViewModel } from '../../machines/two-factor/two-factor.selectors';
import { Button } from '../primitives/button';
import { PublicPage } from '../public-page/public-page';
import { CodeForm } from './code-form';

export interface TwoFactorCodeViewProps extends Pick<TwoFactorCodeViewModel, 'busy' | 'failure'> {
  productTitle: string;
  onSubmit: (code: string) => void;
  onEdit: () => void;
  /** Back to the agent code and password. */
  onCancel: () => void;
}

/** The login page's second step for an account with two-factor on (after MissingCredential). */
export function TwoFactorCodeView(p: TwoFactorCodeViewProps) {
  const { t } = useTranslation();
  return (
    <PublicPage productTitle={p.productTitle} heading={t('two-factor:sign_in.heading')}>
      <p className="public-page__text">{t('two-factor:sign_in.intro')}</p>
      <CodeForm
        busy={p.busy}
        failure={p.failure}
        submitLabel={t('two-factor:sign_in.submit')}
        busyLabel={t('two-factor:sign_in.submitting')}
        genericError={t('two-factor:sign_in.error_generic')}
        onSubmit={p.onSubmit}
        onEdit={p.onEdit}
      />
      <div className="public-page__links">
        <Button variant="ghost" onClick={p.onCancel} disabled={p.busy}>
          {t('two-factor:sign_in.back')}
        </Button>
      </div>
    </PublicPage>
  );
}
