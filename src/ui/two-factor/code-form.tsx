import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { twoFactorCompletePayloadSchema, type TwoFactorCompletePayload } from '../../api/schemas/two-factor.schema';
import type { FailureView } from '../../machines/shared/submission-error';
import { FormAlert } from '../form/form-alert';
import { SubmitButton } from '../form/submit-button';
import { TextField } from '../form/text-field';

export interface CodeFormProps {
  busy: boolean;
  failure: FailureView;
  /** Already translated. */
  submitLabel: string;
  busyLabel: string;
  genericError: string;
  /** The 6 digits, spaces removed (apps show "123 456"). */
  onSubmit: (code: string) => void;
  onEdit: () => void;
}

/** SPEC §5: the authenticator code is a 6-digit number; phones offer it from SMS/apps (one-time-code). */
export function CodeForm(p: CodeFormProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TwoFactorCompletePayload>({
    resolver: zodResolver(twoFactorCompletePayloadSchema),
    defaultValues: { one_time_password: '' },
  });
  const message = errors.one_time_password?.message;
  return (
    <form className="form-stack" noValidate onSubmit={handleSubmit(({ one_time_password }) => p.onSubmit(one_time_password))}>
      <TextField
        label={t('two-factor:code_label')}
        hint={t('two-factor:code_hint')}
        inputMode="numeric"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={7}
        error={message ? t(message) : undefined}
        {...register('one_time_password', { onChange: () => p.onEdit() })}
      />
      <FormAlert failure={p.failure} genericText={p.genericError} />
      <SubmitButton busy={p.busy} label={p.submitLabel} busyLabel={p.busyLabel} />
    </form>
  );
}
