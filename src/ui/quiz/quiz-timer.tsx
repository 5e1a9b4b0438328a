import { useTranslation } from 'react-i18next';
import type { TimerView } from '../../machines/quiz-attempt/quiz-attempt.selectors';
import { Button } from '../primitives/button';

const clock = (seconds: number) => {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
};

export interface QuizTimerProps {
  timer: TimerView;
  onToggle: () => void;
}

/** Time left (a view of the server's deadline), a button to hide it, and what a screen reader is
 * told: 5 and 1 minutes left, and the warning at least 20 s before time-up (WCAG 2.2.1). */
export function QuizTimer({ timer, onToggle }: QuizTimerProps) {
  const { t } = useTranslation();
  const announcement = timer.announcement ? t(`quiz:announce_${timer.announcement}`) : '';
  return (
    <div className={`quiz-timer${timer.warning ? ' quiz-timer--warning' : ''}`} data-testid="quiz-timer">
      {timer.hidden ? (
        <span className="quiz-timer__hidden">{t('quiz:timer_hidden')}</span>
      ) : (
        <span>
          {t('quiz:time_left')}{' '}
          <time className="quiz-timer__left" data-testid="quiz-time-left" dateTime={`PT${timer.secondsLeft}S`}>
            {clock(timer.secondsLeft)}
          </time>
        </span>
      )}
      <Button variant="ghost" onClick={onToggle} aria-pressed={timer.hidden}>
        {t(timer.hidden ? 'quiz:show_timer' : 'quiz:hide_timer')}
      </Button>
      {timer.warning ? (
        <p className="quiz-timer__warning" data-testid="quiz-time-warning">
          {t('quiz:announce_warning')}
        </p>
      ) : null}
      {/* Spoken even when the timer is hidden; it speaks when the text changes. */}
      <p className="visually-hidden" aria-live={timer.warning ? 'assertive' : 'polite'} role="status" data-testid="quiz-time-announcement">
        {announcement}
      </p>
    </div>
  );
}
