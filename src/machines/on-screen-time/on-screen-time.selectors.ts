import type { SnapshotFrom } from 'xstate';
import type { onScreenTimeMachine, TimerNotice, TimerTarget } from './on-screen-time.machine';
import { wholeSeconds } from './on-screen-time.record';

export type OnScreenTimeSnapshot = SnapshotFrom<typeof onScreenTimeMachine>;

export type OnScreenTimeStatus = 'idle' | 'loading' | 'error' | 'completed' | 'stopped' | 'counting' | 'paused';

/** What the on-screen timer shows (the view formats `seconds` as HH:MM:SS). */
export interface OnScreenTimeView {
  status: OnScreenTimeStatus;
  /** The server's total at setup plus what was counted since (whole seconds). */
  seconds: number;
  target: TimerTarget | null;
  /** Time the server did not credit or refused at the last flush (ADR 012). */
  notice: TimerNotice;
}

function statusOf(snapshot: OnScreenTimeSnapshot): OnScreenTimeStatus {
  if (snapshot.matches({ timer: 'idle' })) return 'idle';
  if (snapshot.matches({ timer: { active: { loading: 'failed' } } })) return 'error';
  if (snapshot.matches({ timer: { active: 'loading' } })) return 'loading';
  if (snapshot.matches({ timer: { active: 'completed' } })) return 'completed';
  if (snapshot.matches({ timer: { active: { ready: 'counting' } } })) return 'counting';
  if (snapshot.matches({ timer: { active: { ready: 'halted' } } })) return 'paused';
  return 'stopped';
}

export function onScreenTimeView(snapshot: OnScreenTimeSnapshot): OnScreenTimeView {
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

export const sameTimerView = (a: OnScreenTimeView, b: OnScreenTimeView): boolean =>
  a.status === b.status && a.seconds === b.seconds && JSON.stringify(a.target) === JSON.stringify(b.target) && a.notice === b.notice;
