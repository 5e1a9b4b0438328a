import type { SnapshotFrom } from 'xstate';
import type { idleTimeoutMachine } from './idle-timeout.machine';

export type IdleTimeoutSnapshot = SnapshotFrom<typeof idleTimeoutMachine>;

/** What the session timeout dialog (SPEC §2) shows. */
export interface TimeoutDialogView {
  open: boolean;
  secondsLeft: number;
  /** Continue is refreshing the token: both buttons wait. */
  busy: boolean;
}

export const closedTimeoutDialog: TimeoutDialogView = { open: false, secondsLeft: 0, busy: false };

export function selectTimeoutDialog(snapshot: IdleTimeoutSnapshot | undefined): TimeoutDialogView {
  if (!snapshot?.hasTag('prompting')) return closedTimeoutDialog;
  return { open: true, secondsLeft: snapshot.context.secondsLeft ?? 0, busy: snapshot.hasTag('busy') };
}
