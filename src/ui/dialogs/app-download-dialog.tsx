import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../primitives/button';
import { Modal } from '../primitives/dialog';
import './dialogs.css';

export interface AppDownloadDialogProps {
  open: boolean;
  /** Where the app is downloaded; null when this environment has no app. */
  link: string | null;
  /** SPEC §2: only a closable dialog has an OK button; otherwise it cannot be dismissed at all. */
  canClose: boolean;
  onClose?: () => void;
}

/** SPEC §2 "App-download dialog": asks mobile users to download the app. */
export function AppDownloadDialog({ open, link, canClose, onClose }: AppDownloadDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      dismissable={canClose}
      onOpenChange={(next) => (next ? undefined : onClose?.())}
      title={t('dialogs:download_app.title')}
      fallbackTitle={t('dialogs:download_app.title')}
      description={link ? t('dialogs:download_app.message') : t('dialogs:download_app.no_app')}
      panelClassName="app-download"
      testId="app-download-dialog"
      footer={
        link || canClose ? (
          <>
            {canClose ? (
              <Button variant="secondary" onClick={onClose}>
                {t('common:ok')}
              </Button>
            ) : null}
            {link ? (
              <ButtonLink variant="accent" href={link} rel="noopener noreferrer">
                {t('dialogs:download_app.download')}
              </ButtonLink>
            ) : null}
          </>
        ) : undefined
      }
    />
  );
}
