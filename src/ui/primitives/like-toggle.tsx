import { Button } from './button';
import './like-toggle.css';

export interface LikeToggleProps {
  liked: boolean;
  /** The count as shown (formatted for the learner's language). */
  count: string;
  /** The translated word on the button ("Like"). */
  label: string;
  /** The count's accessible name ("Likes: 12"); the visible count alone when absent. */
  countLabel?: string;
  busy?: boolean;
  onToggle: () => void;
  testId?: string;
  countTestId?: string;
}

/** A like of a course or an attachment: the secondary button as a toggle (aria-pressed) with its count. */
export function LikeToggle({ liked, count, label, countLabel, busy = false, onToggle, testId, countTestId }: LikeToggleProps) {
  return (
    <Button
      variant="secondary"
      className={`like-button${liked ? ' like-button--on' : ''}`}
      aria-pressed={liked}
      aria-busy={busy}
      onClick={onToggle}
      disabled={busy}
      data-testid={testId}
    >
      <span aria-hidden="true">{liked ? '♥' : '♡'}</span> {label}{' '}
      <span className="like-button__count" data-testid={countTestId} aria-label={countLabel}>
        {count}
      </span>
    </Button>
  );
}
