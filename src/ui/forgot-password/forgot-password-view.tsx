import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { forgetPasswordPayloadSchema, type ForgetPasswordPayload } from '../../api/schemas/auth.schema';
import type { FailureView } from '../../machines/shared/submission-error';
import { FormAlert, FormSuccess } from '../form/form-alert';
import { SubmitButton } from '../form/submit-button';
import { TextField } from '../form/text-field';
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
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgetPasswordPayload>({
    resolver: zodResolver(forgetPasswordPayloadSchema),
    defaultValues: { external_id: '', email: '' },
  });
  const field = (name: keyof ForgetPasswordPayload) => register(name, { onChange: () => p.onEdit() });
  const message = (key?: string) => (key ? t(key) : undefined);
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
          <form className="form-stack" noValidate onSubmit={handleSubmit((payload) => p.onSubmit(payload))}>
            <TextField
              label={t('login:agent_code')}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              error={message(errors.external_id?.message)}
              {...field('external_id')}
            />
            <TextField
              label={t('login:forgot.email')}
              type="email"
              autoComplete="email"
              error={message(errors.email?.message)}
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
