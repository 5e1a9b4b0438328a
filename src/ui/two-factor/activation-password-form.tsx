import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { twoFactorActivatePayloadSchema, type TwoFactorActivatePayload } from '../../api/schemas/two-factor.schema';
import type { FailureView } from '../../machines/shared/submission-error';
import { FormAlert } from '../form/form-alert';
import { SubmitButton } from '../form/submit-button';
import { AgentCodeField } from '../form/agent-code-field';
import { TextField } from '../form/text-field';

export interface ActivationPasswordFormProps {
  /** The signed-in user's agent code when known (read-only then); otherwise the user types it. */
  externalId: string | null;
  busy: boolean;
  failure: FailureView;
  onSubmit: (payload: TwoFactorActivatePayload) => void;
  onEdit: () => void;
}

/** Activation starts with the user's own agent code and password (auth/2fa/activate). */
export function ActivationPasswordForm(p: ActivationPasswordFormProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TwoFactorActivatePayload>({
    resolver: zodResolver(twoFactorActivatePayloadSchema),
    defaultValues: { external_id: p.externalId ?? '', password: '' },
  });
  const field = (name: keyof TwoFactorActivatePayload) => register(name, { onChange: () => p.onEdit() });
  const message = (key?: string) => (key ? t(key) : undefined);
  return (
    <form className="form-stack" noValidate onSubmit={handleSubmit((payload) => p.onSubmit(payload))}>
      <AgentCodeField
        readOnly={p.externalId !== null}
        error={message(errors.external_id?.message)}
        {...field('external_id')}
      />
      <TextField
        label={t('login:password')}
        type="password"
        autoComplete="current-password"
        error={message(errors.password?.message)}
        {...field('password')}
      />
      <FormAlert failure={p.failure} genericText={t('two-factor:setting.error_generic')} />
      <SubmitButton busy={p.busy} label={t('two-factor:setting.continue')} busyLabel={t('two-factor:setting.checking')} />
    </form>
  );
}
