import { useTranslation } from 'react-i18next';
import './on-screen-timer-view.css';

export type OnScreenTimerStatus = 'counting' | 'paused' | 'completed' | 'loading' | 'error';

export interface OnScreenTimerViewProps {
  status: OnScreenTimerStatus;
  /** The course's time on screen so far (whole seconds). */
  seconds: number;
}

/** HH:MM:SS; hours keep counting past 99 rather than wrap. */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(total / 3600))}:${two(Math.floor(total / 60) % 60)}:${two(total % 60)}`;
}

/** SPEC §4 on-screen time: the course total counting up once a second while the item is shown. */
export function OnScreenTimerView({ status, seconds }: OnScreenTimerViewProps) {
  const { t } = useTranslation();
  const label = t('attachments:timer_label');
  if (status === 'loading' || status === 'error') {
    return (
      <div className={`on-screen-timer on-screen-timer--${status}`} data-testid="on-screen-timer" data-status={status} role={status === 'error' ? 'alert' : 'status'}>
        <span className="on-screen-timer__state">{t(`attachments:timer_${status}`)}</span>
      </div>
    );
  }
  const time = formatDuration(seconds);
  return (
    <div className={`on-screen-timer on-screen-timer--${status}`} data-testid="on-screen-timer" data-status={status}>
      {/* role=timer is not live: a screen reader reads it when asked, not every second. */}
      <span role="timer" aria-label={`${label}: ${time}, ${t(`attachments:timer_${status}`)}`} className="on-screen-timer__clock">
        <span className="on-screen-timer__label" aria-hidden="true">
          {label}
        </span>
        <time className="on-screen-timer__time" dateTime={`PT${Math.max(0, Math.floor(seconds))}S`} aria-hidden="true">
          {time}
        </time>
      </span>
      {status !== 'counting' ? (
        <span className="on-screen-timer__state" aria-hidden="true">
          {t(`attachments:timer_${status}`)}
        </span>
      ) : null}
    </div>
  );
}
