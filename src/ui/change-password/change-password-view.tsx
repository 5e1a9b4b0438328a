import { useTranslation } from 'react-i18next';
import { changePasswordSchema, type ChangePasswordPayload } from '../../api/schemas/password.schema';
import type { FailureView } from '../../machines/shared/submission-error';
import { FormAlert, FormSuccess } from '../form/form-alert';
import { SubmitButton } from '../form/submit-button';
import { TextField } from '../form/text-field';
import { useSubmissionForm } from '../form/use-submission-form';
import { NavAnchor } from '../layout/nav-anchor';
import './change-password-view.css';

export interface ChangePasswordViewProps {
  busy: boolean;
  failure: FailureView;
  changed: boolean;
  /** The user must change the password before anything else (password_reset is false). */
  forced: boolean;
  onSubmit: (payload: ChangePasswordPayload) => void;
  onEdit: () => void;
  onNavigate: (to: string) => void;
}

export function ChangePasswordView(p: ChangePasswordViewProps) {
  const { t } = useTranslation();
  const { field, error, onSubmit } = useSubmissionForm<ChangePasswordPayload>(
    changePasswordSchema,
    { old_password: '', new_password: '', confirm_password: '' },
    p,
  );

  return (
    <section className="change-password-view" aria-labelledby="change-password-title">
      <h1 id="change-password-title">{t('nav-titles:reset_password')}</h1>
      {p.changed ? (
        <>
          <FormSuccess>{t('setting:reset.success')}</FormSuccess>
          <NavAnchor to="/main" onNavigate={p.onNavigate}>
            {t('setting:reset.continue')}
          </NavAnchor>
        </>
      ) : (
        <>
          {p.forced ? <p className="change-password-view__notice">{t('setting:reset.forced')}</p> : null}
          <form className="form-stack" noValidate onSubmit={onSubmit}>
            <TextField
              label={t('setting:reset.old_password')}
              type="password"
              autoComplete="current-password"
              error={error('old_password')}
              {...field('old_password')}
            />
            <TextField
              label={t('setting:reset.new_password')}
              type="password"
              autoComplete="new-password"
              hint={t('setting:reset.rules')}
              error={error('new_password')}
              {...field('new_password')}
            />
            <TextField
              label={t('setting:reset.confirm_password')}
              type="password"
              autoComplete="new-password"
              error={error('confirm_password')}
              {...field('confirm_password')}
            />
            <FormAlert failure={p.failure} genericText={t('setting:reset.error_generic')} />
            <SubmitButton busy={p.busy} label={t('setting:reset.submit')} busyLabel={t('setting:reset.submitting')} />
          </form>
        </>
      )}
    </section>
  );
}
