import { stateName, type Oracle, type OracleRow } from '../testing/model-coverage';
import { selectEvidenceReplayView, type EvidenceReplaySnapshot } from './evidence-replay.selectors';

// ADR 022: the auditor's replay page as issue 46's brief describes it, written from the brief and
// not read off the machine. The recorded steps load once; an answer with steps shows the first,
// one without any says so; previous / first go back while there is an earlier step, next / last
// forward while there is a later one, and stay on the replay; a failed load is tried again.

const steps = (s: EvidenceReplaySnapshot) => s.context.replay?.steps.length ?? 0;
const back = (_: unknown, s: EvidenceReplaySnapshot) => (s.context.index > 0 ? 'stepping' : null);
const forward = (_: unknown, s: EvidenceReplaySnapshot) => (s.context.index + 1 < steps(s) ? 'stepping' : null);

const table: Record<string, OracleRow<EvidenceReplaySnapshot>> = {
  loading: {
    'xstate.done.actor.loadReplay': (e) => ((e.output as { steps: unknown[] }).steps.length > 0 ? 'stepping' : 'empty'),
    'xstate.error.actor.loadReplay': 'failed',
  },
  failed: { retry: 'loading' },
  empty: {},
  stepping: { previous: back, first: back, next: forward, last: forward },
};

export const evidenceReplayOracle: Oracle<EvidenceReplaySnapshot> = {
  state: (s) => stateName(s.value),
  table,
  offers: (s) => {
    const view = selectEvidenceReplayView(s);
    // From what the page shows (the step's number of the total), not from the machine's guards.
    const earlier = view.status === 'stepping' && view.index > 0;
    const later = view.status === 'stepping' && view.index + 1 < view.total;
    return { retry: view.status === 'failed', previous: earlier, first: earlier, next: later, last: later };
  },
};
