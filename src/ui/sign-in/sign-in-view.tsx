import { useTranslation } from 'react-i18next';
import { loginPayloadSchema, type LoginPayload } from '../../api/schemas/sign-in.schema';
import type { Language } from '../../config/constants';
import type { FailureView } from '../../machines/shared/submission-error';
import { FormAlert } from '../form/form-alert';
import { SubmitButton } from '../form/submit-button';
import { AgentCodeField } from '../form/agent-code-field';
import { TextField } from '../form/text-field';
import { usePlainForm } from '../form/use-plain-form';
import { LanguageSelect } from '../language-select/language-select';
import { NavAnchor } from '../layout/nav-anchor';
import { PublicPage } from '../public-page/public-page';

export interface SignInViewProps {
  productTitle: string;
  busy: boolean;
  failure: FailureView;
  language: string;
  /** Login configuration (SPEC §9): language change and forgot password can be switched off. */
  showLanguageSelect: boolean;
  showForgotPassword: boolean;
  onSubmit: (payload: LoginPayload) => void;
  /** Any field changed (a shown failure is stale from then on). */
  onEdit: () => void;
  onLanguageChange: (lang: Language) => void;
  onNavigate: (to: string) => void;
}

export function SignInView(p: SignInViewProps) {
  const { t } = useTranslation();
  const { field, error, onSubmit } = usePlainForm<LoginPayload>(loginPayloadSchema, { external_id: '', password: '' }, p);

  return (
    <PublicPage
      productTitle={p.productTitle}
      heading={t('login:heading')}
      footer={
        <>
          {p.showLanguageSelect ? <LanguageSelect value={p.language} onChange={p.onLanguageChange} /> : null}
          <NavAnchor to="/disclaimer" onNavigate={p.onNavigate}>
            {t('login:disclaimer')}
          </NavAnchor>
          <span>{t('common:copyright')}</span>
        </>
      }
    >
      <p className="public-page__text">{t('login:intro')}</p>
      <form className="form-stack" noValidate onSubmit={onSubmit}>
        <AgentCodeField
          error={error('external_id')}
          {...field('external_id')}
        />
        <TextField
          label={t('login:password')}
          type="password"
          autoComplete="current-password"
          error={error('password')}
          {...field('password')}
        />
        <FormAlert failure={p.failure} genericText={t('login:error_generic')} />
        <SubmitButton busy={p.busy} label={t('login:submit')} busyLabel={t('login:submitting')} />
      </form>
      {p.showForgotPassword ? (
        <div className="public-page__links">
          <NavAnchor to="/forgot-password" onNavigate={p.onNavigate}>
            {t('login:forgot_password')}
          </NavAnchor>
        </div>
      ) : null}
    </PublicPage>
  );
}
