import { useTranslation } from 'react-i18next';
import type { AttachmentType } from '../../config/constants';
import { Button } from '../primitives/button';
import { AttachmentTypeIcon } from './attachment-type-icon';

export type DocumentViewStatus = 'preparing' | 'available' | 'refreshing' | 'unavailable';

export interface DocumentViewProps {
  name: string;
  type: AttachmentType;
  status: DocumentViewStatus;
  /** A translated reason shown when the file could not be prepared. */
  failureMessage?: string | null;
  /** Must start the download synchronously (inside the click) or the browser may block it. */
  onOpen: () => void;
  onRetry: () => void;
}

/** An office document (SPEC §7): a browser cannot show it, so it is downloaded, not shown in the page. */
export function DocumentView({ name, type, status, failureMessage, onOpen, onRetry }: DocumentViewProps) {
  const { t } = useTranslation();
  const busy = status === 'preparing' || status === 'refreshing';
  return (
    <div className="attachment-document" aria-busy={busy}>
      <AttachmentTypeIcon type={type} size={72} decorative />
      <p className="attachment-document__name">{name}</p>
      {status === 'unavailable' ? (
        <div role="alert" className="attachment-viewer__error">
          <p>{failureMessage ?? t('attachments:document_failed')}</p>
          <Button onClick={onRetry}>{t('attachments:retry')}</Button>
        </div>
      ) : (
        <>
          <p className="attachment-document__hint">{status === 'preparing' ? t('attachments:document_preparing') : t('attachments:document_hint')}</p>
          <Button variant="accent" onClick={onOpen} disabled={busy} data-testid="open-document">
            {t('attachments:download_document')}
          </Button>
        </>
      )}
    </div>
  );
}
