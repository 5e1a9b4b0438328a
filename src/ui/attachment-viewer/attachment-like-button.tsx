import { useTranslation } from 'react-i18next';
import type { AttachmentLikeView } from '../../machines/attachment-like/attachment-like.selectors';
import { LikeToggle } from '../primitives/like-toggle';
import { formatNumber } from '../courses/format';

export interface AttachmentLikeButtonProps {
  like: AttachmentLikeView;
  onToggle: () => void;
}

/** SPEC §7 like/unlike of an attachment; a like that could not be saved says so. */
export function AttachmentLikeButton({ like, onToggle }: AttachmentLikeButtonProps) {
  const { t, i18n } = useTranslation();
  return (
    <div className="attachment-like">
      <LikeToggle
        liked={like.liked}
        count={formatNumber(like.likes, i18n.language)}
        label={t(like.liked ? 'attachments:liked' : 'attachments:like')}
        countLabel={t('attachments:like_count', { count: like.likes })}
        busy={like.saving}
        onToggle={onToggle}
        testId="attachment-like"
        countTestId="attachment-like-count"
      />
      {like.failed ? (
        <span role="alert" className="attachment-like__error">
          {t('attachments:like_failed')}
        </span>
      ) : null}
    </div>
  );
}
