// Props of the session views, built from the machines' own states (DESIGN §4), for stories.
import { idleTimeoutMachine, type IdleTimeoutContext } from '../../machines/idle-timeout/idle-timeout.machine';
import { selectTimeoutDialog, type TimeoutDialogView } from '../../machines/idle-timeout/idle-timeout.selectors';
import { sessionMachine, type SessionAlert } from '../../machines/session/session.machine';
import { selectSessionView } from '../../machines/session/session.selectors';
import { specDefaultAppConfig } from '../../config/app-config.defaults';

const settings = specDefaultAppConfig.appEnabledFunction.setTimeoutFunction;
const NOW = Date.UTC(2026, 0, 5, 9, 0, 0);
const EXP = NOW + settings.confirmBoxTimeleftSecond * 1000;

/** The idle timeout `value` with the box's count at `secondsLeft` (the box opened at NOW). */
export function timeoutDialogAt(value: 'watching' | 'prompting' | 'continuing', secondsLeft: number): TimeoutDialogView {
  const prompting = value !== 'watching';
  const context: IdleTimeoutContext = {
    enabled: settings.enabled,
    lifetimeSec: settings.timeoutTimeSecond,
    warningSec: settings.confirmBoxTimeleftSecond,
    expMs: EXP,
    countdownEndsAtMs: prompting ? EXP : null,
    secondsLeft: prompting ? secondsLeft : null,
    lastNow: EXP - secondsLeft * 1000,
    endReason: null,
  };
  return selectTimeoutDialog(idleTimeoutMachine.resolveState({ value, context }));
}

/** The alert the session shows in its `alerting` state. */
export function sessionAlertFor(alert: SessionAlert): SessionAlert | null {
  const token = { nbf: NOW / 1000 - settings.timeoutTimeSecond, exp: NOW / 1000 };
  return selectSessionView(sessionMachine.resolveState({ value: 'alerting', context: { settings, token, alert } })).alert;
}
