import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { otpFormSchema } from '../../api/schemas/two-factor.schema';
import type { ContinualAuthModalView } from '../../machines/continual-auth/continual-auth.selectors';
import { TextField } from '../form/text-field';
import { Button } from '../primitives/button';
import { Modal } from '../primitives/dialog';
import './continual-auth-modal.css';

export interface ContinualAuthModalProps extends ContinualAuthModalView {
  onSubmit: (answer: string) => void;
  onCancel: () => void;
}

/** The form, remounted on every opening so a previous answer never shows again. */
function ChallengeForm({ type, cancellable, loading, failure, onSubmit, onCancel }: Omit<ContinualAuthModalProps, 'open'>) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const password = type === 'password';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (loading) return;
    if (!password) {
      // SPEC §5: in this modal the code is required; its length is the server's to judge.
      const parsed = otpFormSchema.safeParse({ otp: answer });
      if (!parsed.success) return setInvalid(parsed.error.issues[0]?.message ?? 'validation:otp_required');
      setInvalid(null);
      return onSubmit(parsed.data.otp.replace(/\s+/g, ''));
    }
    onSubmit(answer);
  };

  const serverError = failure ? (failure.kind === 'server' ? failure.message : t('continual-auth:error_generic')) : undefined;
  return (
    <form className="continual-auth__form" noValidate onSubmit={submit} aria-busy={loading || undefined}>
      <TextField
        label={t(password ? 'continual-auth:label_password' : 'continual-auth:label_code')}
        placeholder={t(password ? 'continual-auth:placeholder_password' : 'continual-auth:placeholder_code')}
        type={password ? 'password' : 'text'}
        autoComplete={password ? 'current-password' : 'one-time-code'}
        inputMode={password ? undefined : 'numeric'}
        autoFocus
        value={answer}
        readOnly={loading}
        error={invalid ? t(invalid) : serverError}
        onChange={(e) => {
          setAnswer(e.target.value);
          setInvalid(null);
        }}
      />
      {loading ? (
        <p className="continual-auth__loading" role="status">
          <span className="form-spinner" aria-hidden="true" /> {t('continual-auth:checking')}
        </p>
      ) : null}
      <div className="dialog-footer">
        {cancellable ? (
          <Button type="button" variant="secondary" onClick={onCancel} disabled={loading}>
            {t('common:cancel')}
          </Button>
        ) : null}
        {/* SPEC §5: confirm is disabled while the password is empty. */}
        <Button type="submit" variant="accent" disabled={loading || (password && answer === '')} aria-busy={loading || undefined}>
          {t('common:confirm')}
        </Button>
      </div>
    </form>
  );
}

/**
 * SPEC §2 "Continual authentication modal": the password or the authenticator variant, chosen by
 * the caller. Never dismissed by Escape or the backdrop; 'cancel' only when cancelling is allowed.
 */
export function ContinualAuthModal({ open, ...form }: ContinualAuthModalProps) {
  const { t } = useTranslation();
  const title = t(form.type === 'password' ? 'continual-auth:title_password' : 'continual-auth:title_authenticator');
  return (
    <Modal
      open={open}
      // Only the buttons close it (SPEC §2: no backdrop dismissal), even when it may be cancelled.
      dismissable={false}
      onOpenChange={(next) => {
        if (!next && form.cancellable) form.onCancel();
      }}
      title={title}
      fallbackTitle={title}
      description={t('continual-auth:prompt')}
      panelClassName="continual-auth"
      testId="continual-auth-modal"
    >
      {/* A new form per variant and per opening. */}
      {open ? <ChallengeForm key={form.type} {...form} /> : null}
    </Modal>
  );
}
