import { stateName, type Oracle, type OracleEvent, type OracleRow } from '../testing/model-coverage';
import type { NewJoinerWelcomeSnapshot } from './new-joiner-welcome.selectors';

// ADR 022: the welcome as issue 47 describes it, written from the issue and not read off the
// machine: (state, event) → next state; an event missing from a row is refused. The welcome leads to
// the compulsory courses, the learning map (only with its feature on), the CPD ledger and the home page; leaving it
// records the dismissal first, unless it was dismissed before (opened again from the settings);
// a failed record offers a retry and still lets the learner go on. Once left, nothing more.

const offered = (e: OracleEvent, s: NewJoinerWelcomeSnapshot) => e.link !== 'learning_map' || s.context.learningMap;
const leaveShowing = (e: OracleEvent, s: NewJoinerWelcomeSnapshot) => (!offered(e, s) ? null : s.context.due ? 'dismissing' : 'left');
const goOn = (e: OracleEvent, s: NewJoinerWelcomeSnapshot) => (offered(e, s) ? 'left' : null);

const table: Record<string, OracleRow<NewJoinerWelcomeSnapshot>> = {
  showing: { leave: leaveShowing },
  dismissing: { 'xstate.done.actor.dismiss': 'left', 'xstate.error.actor.dismiss': 'failed' },
  failed: { retry: 'dismissing', leave: goOn },
  left: {},
};

export const newJoinerWelcomeOracle: Oracle<NewJoinerWelcomeSnapshot> = {
  state: (s) => stateName(s.value),
  table,
  start: () => 'showing',
  offers: (s) => ({ leave: s.matches('showing') || s.matches('failed'), retry: s.matches('failed') }),
};
