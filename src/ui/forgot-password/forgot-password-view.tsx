import { useTranslation } from 'react-i18next';
import { forgetPasswordPayloadSchema, type ForgetPasswordPayload } from '../../api/schemas/sign-in.schema';
import type { FailureView } from '../../machines/shared/submission-error';
import { FormAlert, FormSuccess } from '../form/form-alert';
import { SubmitButton } from '../form/submit-button';
import { AgentCodeField } from '../form/agent-code-field';
import { TextField } from '../form/text-field';
import { useSubmissionForm } from '../form/use-submission-form';
import { NavAnchor } from '../layout/nav-anchor';
import { PublicPage } from '../public-page/public-page';

export interface ForgotPasswordViewProps {
  productTitle: string;
  busy: boolean;
  failure: FailureView;
  /** The server's confirmation once sent; the form is then replaced by it. */
  sent: string | null;
  onSubmit: (payload: ForgetPasswordPayload) => void;
  onEdit: () => void;
  onNavigate: (to: string) => void;
}

export function ForgotPasswordView(p: ForgotPasswordViewProps) {
  const { t } = useTranslation();
  const { field, error, onSubmit } = useSubmissionForm<ForgetPasswordPayload>(forgetPasswordPayloadSchema, { external_id: '', email: '' }, p);
  const back = (
    <div className="public-page__links">
      <NavAnchor to="/login" onNavigate={p.onNavigate}>
        {t('login:forgot.back')}
      </NavAnchor>
    </div>
  );

  return (
    <PublicPage productTitle={p.productTitle} heading={t('login:forgot.heading')}>
      {p.sent !== null ? (
        <FormSuccess>{p.sent}</FormSuccess>
      ) : (
        <>
          <p className="public-page__text">{t('login:forgot.intro')}</p>
          <form className="form-stack" noValidate onSubmit={onSubmit}>
            <AgentCodeField
              error={error('external_id')}
              {...field('external_id')}
            />
            <TextField
              label={t('login:forgot.email')}
              type="email"
              autoComplete="email"
              error={error('email')}
              {...field('email')}
            />
            <FormAlert failure={p.failure} genericText={t('login:forgot.error_generic')} />
            <SubmitButton busy={p.busy} label={t('login:forgot.submit')} busyLabel={t('login:forgot.submitting')} />
          </form>
        </>
      )}
      {back}
    </PublicPage>
  );
}
