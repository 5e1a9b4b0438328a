import { useTranslation } from 'react-i18next';
import { Button } from '../primitives/button';
import { Modal } from '../primitives/dialog';
import './session-timeout-dialog.css';

export interface SessionTimeoutDialogProps {
  open: boolean;
  secondsLeft: number;
  /** Continue is renewing the session: the buttons wait for it. */
  busy: boolean;
  onContinue: () => void;
  onLeave: () => void;
}

/** SPEC §2 "Session timeout dialog": only its buttons close it (no Escape, no backdrop click). */
export function SessionTimeoutDialog({ open, secondsLeft, busy, onContinue, onLeave }: SessionTimeoutDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      dismissable={false}
      title={t('common:timeout')}
      fallbackTitle={t('common:timeout')}
      description={t('session:timeout_prompt')}
      panelClassName="session-timeout"
      testId="session-timeout-dialog"
      footer={
        <>
          {/* Continue comes first, so the focus a returning user lands on keeps the session. */}
          <Button variant="accent" onClick={onContinue} disabled={busy} aria-busy={busy || undefined}>
            {t('session:continue')}
          </Button>
          <Button variant="secondary" onClick={onLeave} disabled={busy}>
            {t('session:leave')}
          </Button>
        </>
      }
    >
      <p className="dialog-body session-timeout__count" aria-live="polite" aria-atomic="true" data-testid="session-seconds-left">
        {t('session:seconds_left', { count: secondsLeft })}
      </p>
    </Modal>
  );
}
