import { useTranslation } from 'react-i18next';
import { resetPasswordPayloadSchema, type ResetPasswordPayload } from '../../api/schemas/sign-in.schema';
import type { FailureView } from '../../machines/shared/submission-error';
import { FormAlert, FormSuccess } from '../form/form-alert';
import { SubmitButton } from '../form/submit-button';
import { TextField } from '../form/text-field';
import { useSubmissionForm } from '../form/use-submission-form';
import { NavAnchor } from '../layout/nav-anchor';
import { PublicPage } from '../public-page/public-page';

export interface ResetPasswordViewProps {
  productTitle: string;
  /** The single-use token from the emailed link; null when the link lost it. */
  token: string | null;
  busy: boolean;
  failure: FailureView;
  done: boolean;
  onSubmit: (payload: ResetPasswordPayload) => void;
  onEdit: () => void;
  onNavigate: (to: string) => void;
}

/** The page the forgot-password email links to: a new password (SPEC §5 rules), set with the token. */
export function ResetPasswordView(p: ResetPasswordViewProps) {
  const { t } = useTranslation();
  // The token is part of the checked payload, so a link that lost it cannot be submitted.
  const { field, error, onSubmit } = useSubmissionForm<ResetPasswordPayload>(
    resetPasswordPayloadSchema,
    { token: p.token ?? '', new_password: '', confirm_password: '' },
    p,
  );

  const content = () => {
    if (p.done) {
      return (
        <>
          <FormSuccess>{t('reset-password:success')}</FormSuccess>
          <div className="public-page__links">
            <NavAnchor to="/login" onNavigate={p.onNavigate}>
              {t('reset-password:sign_in')}
            </NavAnchor>
          </div>
        </>
      );
    }
    if (p.token === null) {
      return (
        <>
          <div className="form-alert" role="alert">
            {t('reset-password:missing_token')}
          </div>
          <div className="public-page__links">
            <NavAnchor to="/forgot-password" onNavigate={p.onNavigate}>
              {t('reset-password:request_new')}
            </NavAnchor>
          </div>
        </>
      );
    }
    return (
      <>
        <p className="public-page__text">{t('reset-password:intro')}</p>
        <form className="form-stack" noValidate onSubmit={onSubmit}>
          <TextField
            label={t('reset-password:new_password')}
            type="password"
            autoComplete="new-password"
            hint={t('reset-password:rules')}
            error={error('new_password')}
            {...field('new_password')}
          />
          <TextField
            label={t('reset-password:confirm_password')}
            type="password"
            autoComplete="new-password"
            error={error('confirm_password', 'token')}
            {...field('confirm_password')}
          />
          <FormAlert failure={p.failure} genericText={t('reset-password:error_generic')} />
          <SubmitButton busy={p.busy} label={t('reset-password:submit')} busyLabel={t('reset-password:submitting')} />
        </form>
        {p.failure ? (
          <div className="public-page__links">
            <NavAnchor to="/forgot-password" onNavigate={p.onNavigate}>
              {t('reset-password:request_new')}
            </NavAnchor>
          </div>
        ) : null}
      </>
    );
  };

  return (
    <PublicPage productTitle={p.productTitle} heading={t('reset-password:heading')}>
      {content()}
    </PublicPage>
  );
}
