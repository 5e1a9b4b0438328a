import { useTranslation } from 'react-i18next';
import type { AttachmentLikeView } from '../../machines/attachment-like/attachment-like.selectors';
import { Button } from '../primitives/button';

export interface LikeButtonProps {
  like: AttachmentLikeView;
  onToggle: () => void;
}

/** SPEC §7 like/unlike: a toggle (aria-pressed) with the count; a like that could not be saved says so. */
export function LikeButton({ like, onToggle }: LikeButtonProps) {
  const { t } = useTranslation();
  return (
    <div className="attachment-like">
      <Button
        variant={like.liked ? 'primary' : 'ghost'}
        aria-pressed={like.liked}
        aria-busy={like.saving}
        disabled={like.saving}
        onClick={onToggle}
        data-testid="attachment-like"
        title={t('attachments:like_count', { count: like.likes })}
      >
        <span aria-hidden="true">{like.liked ? '♥' : '♡'}</span> {t(like.liked ? 'attachments:liked' : 'attachments:like')}{' '}
        <span className="attachment-like__count" data-testid="attachment-like-count" aria-label={t('attachments:like_count', { count: like.likes })}>
          {like.likes}
        </span>
      </Button>
      {like.failed ? (
        <span role="alert" className="attachment-like__error">
          {t('attachments:like_failed')}
        </span>
      ) : null}
    </div>
  );
}
