import { useTranslation } from 'react-i18next';
import './on-screen-time-view.css';

export type OnScreenTimeStatus = 'counting' | 'paused' | 'completed' | 'loading' | 'error';

/** What the server did not credit at the last send (ADR 012). */
export interface OnScreenTimeNotice {
  uncredited: number;
  reasons: Array<'viewing' | 'overlap' | 'identity'>;
  refusals: string[];
}

export interface OnScreenTimeViewProps {
  status: OnScreenTimeStatus;
  /** The course's time on screen so far (whole seconds). */
  seconds: number;
  /** Time the server did not count, and why: the learner is told, never only the console. */
  notice?: OnScreenTimeNotice | null;
  /** The server could not be told the item was opened: its time cannot count yet (retrying). */
  viewingFailed?: boolean;
}

/** The server's word on time it did not count (ADR 012), in the learner's language. */
function TimerNoticeView({ notice, viewingFailed }: Pick<OnScreenTimeViewProps, 'notice' | 'viewingFailed'>) {
  const { t } = useTranslation();
  if (!viewingFailed && !notice) return null;
  return (
    <div className="on-screen-timer__notice" role="status" data-testid="on-screen-timer-notice">
      {viewingFailed ? <p>{t('attachments:timer_viewing_failed')}</p> : null}
      {notice && notice.uncredited > 0 ? (
        <p>
          {t('attachments:timer_uncredited', { count: notice.uncredited })}{' '}
          {notice.reasons.map((r) => t(`attachments:timer_reason_${r}`)).join(' ')}
        </p>
      ) : null}
      {notice?.refusals.map((message, i) => (
        <p key={i}>{t('attachments:timer_refused', { message })}</p>
      ))}
    </div>
  );
}

/** HH:MM:SS; hours keep counting past 99 rather than wrap. */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(total / 3600))}:${two(Math.floor(total / 60) % 60)}:${two(total % 60)}`;
}

/** SPEC §4 on-screen time: the course total counting up once a second while the item is shown. */
export function OnScreenTimeView({ status, seconds, notice = null, viewingFailed = false }: OnScreenTimeViewProps) {
  const { t } = useTranslation();
  const label = t('attachments:timer_label');
  if (status === 'loading' || status === 'error') {
    return (
      <>
      <div className={`on-screen-timer on-screen-timer--${status}`} data-testid="on-screen-timer" data-status={status} role={status === 'error' ? 'alert' : 'status'}>
        <span className="on-screen-timer__state">{t(`attachments:timer_${status}`)}</span>
      </div>
      <TimerNoticeView notice={notice} viewingFailed={viewingFailed} />
      </>
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
      <TimerNoticeView notice={notice} viewingFailed={viewingFailed} />
    </div>
  );
}
