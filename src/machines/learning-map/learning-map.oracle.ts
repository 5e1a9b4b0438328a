import type { LearningMapCatalogue } from '../../api/schemas/learning-map.schema';
import { stateName, type Oracle, type OracleEvent, type OracleRow } from '../testing/model-coverage';
import { selectLearningMapView, type LearningMapSnapshot } from './learning-map.selectors';

// ADR 022: the learning-map page as issue 47 describes it, written from the issue and not read off
// the machine: (state, event) → next state; an event missing from a row is refused. The page reads
// the learner's maps (or one map) and may be read again after a failure; a manager's list page
// assigns a map of the catalogue to some of their downlines, one choice at a time, and an edit
// clears the last answer.

/** A manager's choice: a map offered, at least one person, every one of them their downline. */
function choiceAllowed(e: OracleEvent, s: LearningMapSnapshot): boolean {
  const page = s.context.page;
  const catalogue = (page?.kind === 'list' ? page.catalogue : null) as LearningMapCatalogue | null;
  const userIds = e.userIds as string[];
  if (!s.context.manager || !catalogue || userIds.length === 0) return false;
  return catalogue.maps.some((m) => m.id === e.mapId) && userIds.every((id) => catalogue.downlines.some((d) => d.id === id));
}
const submit = (e: OracleEvent, s: LearningMapSnapshot) => (choiceAllowed(e, s) ? 'ready.assigning' : null);

const table: Record<string, OracleRow<LearningMapSnapshot>> = {
  loading: { 'xstate.done.actor.load': 'ready.idle', 'xstate.error.actor.load': 'failed' },
  failed: { retry: 'loading' },
  'ready.idle': { 'assign.submit': submit },
  'ready.assigning': { 'xstate.done.actor.assign': 'ready.assigned', 'xstate.error.actor.assign': 'ready.assignFailed' },
  'ready.assigned': { 'assign.submit': submit, 'assign.edit': 'ready.idle' },
  'ready.assignFailed': { 'assign.submit': submit, 'assign.edit': 'ready.idle' },
};

export const learningMapOracle: Oracle<LearningMapSnapshot> = {
  state: (s) => stateName(s.value),
  table,
  offers: (s) => {
    const view = selectLearningMapView(s);
    return {
      retry: view.canRetry,
      'assign.submit': view.assign?.canSubmit ?? false,
      'assign.edit': view.assign !== null && (view.assign.result !== null || view.assign.failure !== null),
    };
  },
};
