import { useRef, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { AttachmentTypeIcon } from './attachment-type-icon';
import { useMediaEvents, useMediaHandle, type MediaCallbacks, type MediaHandle } from './use-media-events';

export interface AudioViewProps extends MediaCallbacks {
  name: string;
  /** A decrypted audio file (data: or blob: URL). */
  src: string;
  ref?: Ref<MediaHandle>;
}

export function AudioView({ name, src, ref, ...callbacks }: AudioViewProps) {
  const { t } = useTranslation();
  const audio = useRef<HTMLAudioElement>(null);
  useMediaHandle(audio, ref);
  useMediaEvents(audio, callbacks);
  return (
    <div className="attachment-media attachment-media--audio">
      <AttachmentTypeIcon type="mp3" size={64} decorative />
      <audio ref={audio} controls preload="metadata" controlsList="nodownload" src={src} aria-label={t('attachments:audio_label', { name })} data-testid="attachment-audio" />
    </div>
  );
}
