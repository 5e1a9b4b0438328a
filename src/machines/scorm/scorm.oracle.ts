import type { Oracle, OracleEvent, OracleRow } from '../testing/model-coverage';
import { selectScormView, type ScormSnapshot } from './scorm.selectors';

// ADR 022: the SCORM launcher as issue 13, SPEC §2 ("SCORM opening window"), §8 ("popup blocked")
// and ADR 029 describe it, written from them and not read off the machine: (state, event) → next
// state; an event missing from a row is refused.

export const AFTER_RUNNING_RETRY = 'xstate.after.retry.scorm.running.offline';
export const AFTER_FINISHING_RETRY = 'xstate.after.retry.scorm.finishing.waiting';

const refusedCall = (e: OracleEvent) => (e.error as { kind?: string } | undefined)?.kind === 'refused';
/** The data the SCO gave in this launch (none: closing the popup has nothing to send). */
const hasData = (s: ScormSnapshot) => s.context.last !== null;
/** A commit newer than the one just confirmed waits: it goes next. */
const newerWaiting = (s: ScormSnapshot) => s.context.pending !== null && s.context.pending.seq > s.context.inFlight;

/** What every running state does with the SCO's finish and the popup's X. */
const runningRow = (here: string): OracleRow<ScormSnapshot> => ({
  'sco.commit': here,
  'sco.finish': 'finishing.sending',
  'popup.closed': (_e, s) => (hasData(s) ? 'finishing.sending' : 'closed'),
});

export const scormOracle: Oracle<ScormSnapshot> = {
  table: {
    idle: { open: 'opening' },
    opening: { 'popup.opened': 'loading', 'popup.blocked': 'blocked' },
    blocked: { retry: 'opening' },
    loading: { 'xstate.done.actor.loadRuntime': 'running.idle', 'xstate.error.actor.loadRuntime': 'loadFailed' },
    loadFailed: { retry: 'opening' },
    'running.idle': { ...runningRow('running.idle'), 'sco.commit': 'running.committing' },
    'running.committing': {
      ...runningRow('running.committing'),
      'xstate.done.actor.sendCommit': (_e, s) => (newerWaiting(s) ? 'running.committing' : 'running.idle'),
      'xstate.error.actor.sendCommit': (e) => (refusedCall(e) ? 'running.refused' : 'running.offline'),
    },
    'running.offline': { ...runningRow('running.offline'), [AFTER_RUNNING_RETRY]: 'running.committing', 'network.online': 'running.committing' },
    'running.refused': { ...runningRow('running.refused'), 'sco.commit': 'running.committing' },
    'finishing.sending': {
      'xstate.done.actor.sendCommit': 'closed',
      'xstate.error.actor.sendCommit': (e) => (refusedCall(e) ? 'closed' : 'finishing.waiting'),
    },
    'finishing.waiting': { [AFTER_FINISHING_RETRY]: 'finishing.sending', 'network.online': 'finishing.sending' },
    closed: { open: 'opening' },
  },
  offers: (s) => {
    const view = selectScormView(s);
    return { open: view.canOpen, retry: view.canRetry };
  },
};
