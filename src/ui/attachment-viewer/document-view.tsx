import { useTranslation } from 'react-i18next';
import type { AttachmentType } from '../../config/constants';
import { Button } from '../primitives/button';
import { AttachmentTypeIcon } from './attachment-type-icon';
import { isPreviewedOffice, OfficePreview } from './office-preview';

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
  /** Word and Excel previews (issue 43 §23): the signed URL held, none while there is none... */
  previewUrl?: string | null;
  /** ...and the read of the bytes behind it. */
  loadPreview?: (url: string) => Promise<ArrayBuffer>;
}

/**
 * An office document (SPEC §7): a Word or Excel file is previewed in the page (issue 43 §23), a
 * PowerPoint file is not (the page says so); each is also offered as a Download.
 */
export function DocumentView({ name, type, status, failureMessage, onOpen, onRetry, previewUrl, loadPreview }: DocumentViewProps) {
  const { t } = useTranslation();
  const busy = status === 'preparing' || status === 'refreshing';
  const previewed = isPreviewedOffice(type);
  const hint = status === 'preparing' ? t('attachments:document_preparing') : previewed ? t('attachments:document_preview_hint') : t('attachments:office_no_preview');
  return (
    <div className="attachment-document" aria-busy={busy}>
      {previewed && previewUrl && loadPreview ? <OfficePreview type={type} name={name} url={previewUrl} load={loadPreview} /> : <AttachmentTypeIcon type={type} size={72} decorative />}
      <p className="attachment-document__name">{name}</p>
      {status === 'unavailable' ? (
        <div role="alert" className="attachment-viewer__error">
          <p>{failureMessage ?? t('attachments:document_failed')}</p>
          <Button onClick={onRetry}>{t('attachments:retry')}</Button>
        </div>
      ) : (
        <>
          <p className="attachment-document__hint" data-testid="document-hint">
            {hint}
          </p>
          <Button variant="accent" onClick={onOpen} disabled={busy} data-testid="open-document">
            {t('attachments:download_document')}
          </Button>
        </>
      )}
    </div>
  );
}
