import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { changePasswordSchema, type ChangePasswordPayload } from '../../api/schemas/password.schema';
import type { FailureView } from '../../machines/shared/submission-error';
import { FormAlert, FormSuccess } from '../form/form-alert';
import { SubmitButton } from '../form/submit-button';
import { TextField } from '../form/text-field';
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
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ChangePasswordPayload>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { old_password: '', new_password: '', confirm_password: '' },
  });
  const field = (name: keyof ChangePasswordPayload) => register(name, { onChange: () => p.onEdit() });
  const message = (key?: string) => (key ? t(key) : undefined);

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
          <form className="form-stack" noValidate onSubmit={handleSubmit((payload) => p.onSubmit(payload))}>
            <TextField
              label={t('setting:reset.old_password')}
              type="password"
              autoComplete="current-password"
              error={message(errors.old_password?.message)}
              {...field('old_password')}
            />
            <TextField
              label={t('setting:reset.new_password')}
              type="password"
              autoComplete="new-password"
              hint={t('setting:reset.rules')}
              error={message(errors.new_password?.message)}
              {...field('new_password')}
            />
            <TextField
              label={t('setting:reset.confirm_password')}
              type="password"
              autoComplete="new-password"
              error={message(errors.confirm_password?.message)}
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
