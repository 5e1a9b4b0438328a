import type { SnapshotFrom } from 'xstate';
import type { onScreenTimerMachine, TimerNotice, TimerTarget } from './on-screen-timer.machine';
import { wholeSeconds } from './on-screen-timer.record';

export type OnScreenTimerSnapshot = SnapshotFrom<typeof onScreenTimerMachine>;

export type OnScreenTimerStatus = 'idle' | 'loading' | 'error' | 'completed' | 'stopped' | 'counting' | 'paused';

/** What the on-screen timer shows (the view formats `seconds` as HH:MM:SS). */
export interface OnScreenTimerView {
  status: OnScreenTimerStatus;
  /** The server's total at setup plus what was counted since (whole seconds). */
  seconds: number;
  target: TimerTarget | null;
  /** Time the server did not credit or refused at the last flush (ADR 012). */
  notice: TimerNotice;
}

function statusOf(snapshot: OnScreenTimerSnapshot): OnScreenTimerStatus {
  if (snapshot.matches({ timer: 'idle' })) return 'idle';
  if (snapshot.matches({ timer: { active: { loading: 'failed' } } })) return 'error';
  if (snapshot.matches({ timer: { active: 'loading' } })) return 'loading';
  if (snapshot.matches({ timer: { active: 'completed' } })) return 'completed';
  if (snapshot.matches({ timer: { active: { ready: 'counting' } } })) return 'counting';
  if (snapshot.matches({ timer: { active: { ready: 'halted' } } })) return 'paused';
  return 'stopped';
}

export function onScreenTimerView(snapshot: OnScreenTimerSnapshot): OnScreenTimerView {
  const status = statusOf(snapshot);
  const { context } = snapshot;
  const shown = status === 'counting' || status === 'paused' || status === 'stopped';
  return {
    status,
    seconds: shown ? context.baseTotal + context.endedSeconds + wholeSeconds(context.record) : 0,
    target: status === 'completed' ? null : context.target,
    notice: context.notice,
  };
}

export const sameTimerView = (a: OnScreenTimerView, b: OnScreenTimerView): boolean =>
  a.status === b.status && a.seconds === b.seconds && JSON.stringify(a.target) === JSON.stringify(b.target) && a.notice === b.notice;
