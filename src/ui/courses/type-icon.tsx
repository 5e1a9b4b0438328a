import { useTranslation } from 'react-i18next';
import type { AttachmentType } from '../../config/constants';
import { AttachmentTypeIcon } from '../attachment-viewer/attachment-type-icon';

/** SPEC §3 attachment type icon (the viewer's drawing), named with this page's own texts so the
 * catalogue does not need the viewer's catalogue loaded. */
export function TypeIcon({ type }: { type: AttachmentType }) {
  const { t } = useTranslation();
  const name = t(`courses:type.${type}`);
  return (
    <span className="type-icon" role="img" aria-label={name} title={name}>
      <AttachmentTypeIcon type={type} size={32} decorative />
    </span>
  );
}
