import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { deactivationProofFormSchema, type DeactivationProofForm } from '../../api/schemas/two-factor.schema';
import type { FailureView } from '../../machines/shared/submission-error';
import { FormAlert } from '../form/form-alert';
import { TextField } from '../form/text-field';
import { Button } from '../primitives/button';
import { Modal } from '../primitives/dialog';

export interface DeactivationDialogProps {
  open: boolean;
  busy: boolean;
  /** The server's reason (wrong password or code), or a generic failure. */
  failure: FailureView;
  /** What was typed: the password or a 6-digit code (the route tells which). */
  onConfirm: (proof: string) => void;
  onEdit: () => void;
  onCancel: () => void;
}

/**
 * Turning two-factor off asks for the password or a current code (OWASP ASVS 7.5.1): a confirm
 * click alone would let anyone at a signed-in browser remove the second factor. A refusal is
 * shown here and the dialog stays open, so the user can type again.
 */
export function DeactivationDialog(p: DeactivationDialogProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<DeactivationProofForm>({ resolver: zodResolver(deactivationProofFormSchema), defaultValues: { proof: '' } });
  return (
    <Modal
      open={p.open}
      dismissable={!p.busy}
      onOpenChange={(next) => (next ? undefined : p.onCancel())}
      title={t('two-factor:setting.confirm_off_title')}
      fallbackTitle={t('two-factor:setting.confirm_off_title')}
      description={<span className="confirm-text">{t('two-factor:setting.confirm_off_text')}</span>}
      panelClassName="confirm"
      role="alertdialog"
      testId="deactivation-dialog"
    >
      <form className="form-stack dialog-body" noValidate onSubmit={handleSubmit(({ proof }) => p.onConfirm(proof))}>
        <TextField
          label={t('two-factor:setting.off_proof_label')}
          hint={t('two-factor:setting.off_proof_hint')}
          type="password"
          autoComplete="current-password"
          autoFocus
          error={errors.proof?.message ? t(errors.proof.message) : undefined}
          {...register('proof', { onChange: () => p.onEdit() })}
        />
        <FormAlert failure={p.failure} genericText={t('two-factor:setting.error_generic')} />
        <div className="dialog-footer">
          <Button variant="secondary" onClick={p.onCancel} disabled={p.busy}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant="danger" disabled={p.busy} aria-busy={p.busy || undefined}>
            {p.busy ? t('two-factor:setting.turning_off') : t('two-factor:setting.confirm_off_button')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
