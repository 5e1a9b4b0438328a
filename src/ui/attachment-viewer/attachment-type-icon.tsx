import { useTranslation } from 'react-i18next';
import type { AttachmentType } from '../../config/constants';

// SPEC §3 attachment type icons: a page with a coloured band naming the type (no icon font).
const COLOURS: Record<AttachmentType, string> = {
  docx: '#2b579a',
  xlsx: '#217346',
  pptx: '#d24726',
  png: '#7b61ff',
  jpeg: '#7b61ff',
  mp3: '#e3008c',
  mp4: '#c50f1f',
  pdf: '#b30b00',
};

export interface AttachmentTypeIconProps {
  type: AttachmentType;
  /** Pixels (height; the width follows). */
  size?: number;
  /** Beside a visible name, the icon is decoration only. */
  decorative?: boolean;
}

export function AttachmentTypeIcon({ type, size = 40, decorative = false }: AttachmentTypeIconProps) {
  const { t } = useTranslation();
  const a11y = decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': t(`attachments:type_${type}`) };
  return (
    <svg className="attachment-type-icon" width={(size * 32) / 40} height={size} viewBox="0 0 32 40" data-type={type} {...a11y}>
      <path d="M2 1h20l9 9v28a1 1 0 0 1-1 1H2a1 1 0 0 1-1-1V2a1 1 0 0 1 1-1z" fill="#fff" stroke="#8a8f98" strokeWidth="1.5" />
      <path d="M22 1v9h9" fill="none" stroke="#8a8f98" strokeWidth="1.5" />
      <rect x="0" y="22" width="32" height="12" rx="1.5" fill={COLOURS[type]} />
      <text x="16" y="31" textAnchor="middle" fontSize={type.length > 3 ? 8 : 9} fontWeight="700" fill="#fff" fontFamily="system-ui, sans-serif">
        {type.toUpperCase()}
      </text>
    </svg>
  );
}
