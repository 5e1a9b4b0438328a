import type { SnapshotFrom } from 'xstate';
import { selectTimeoutDialog, type IdleTimeoutSnapshot, type TimeoutDialogView } from '../idle-timeout/idle-timeout.selectors';
import type { SessionAlert, sessionMachine } from './session.machine';

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
export type IdleTimeoutRef = NonNullable<SessionSnapshot['children']['idleTimeout']>;

/** The running idle timeout, while signed in (a new one after each restart). */
export function selectIdleTimeout(snapshot: SessionSnapshot): IdleTimeoutRef | undefined {
  return snapshot.children.idleTimeout;
}

/** The dialog as it is now (for non-reactive callers; React subscribes to the child itself). */
export function selectSessionTimeoutDialog(snapshot: SessionSnapshot): TimeoutDialogView {
  return selectTimeoutDialog(selectIdleTimeout(snapshot)?.getSnapshot() as IdleTimeoutSnapshot | undefined);
}

export interface SessionView {
  signedIn: boolean;
  /** The alert being shown before the session ends (SPEC §8), if any. */
  alert: SessionAlert | null;
  loggingOut: boolean;
}

export function selectSessionView(snapshot: SessionSnapshot): SessionView {
  return {
    signedIn: snapshot.matches('signedIn'),
    alert: snapshot.matches('alerting') ? snapshot.context.alert : null,
    loggingOut: snapshot.hasTag('busy'),
  };
}
