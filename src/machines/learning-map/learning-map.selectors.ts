import type { SnapshotFrom } from 'xstate';
import type { LearningMapAssignResult, LearningMapCatalogue, LearningMapDetail, LearningMapOffer, LearningMapSummary } from '../../api/schemas/learning-map.schema';
import { failureView, type FailureView } from '../shared/submission-error';
import type { learningMapMachine } from './learning-map.machine';

export type LearningMapSnapshot = SnapshotFrom<typeof learningMapMachine>;

/** The manager's assign form: the maps, the downlines, and how the last choice went. */
export interface LearningMapAssignView {
  maps: LearningMapOffer[];
  downlines: LearningMapCatalogue['downlines'];
  busy: boolean;
  /** The form takes a choice (not while one is under way). */
  canSubmit: boolean;
  result: LearningMapAssignResult | null;
  failure: FailureView;
}

export interface LearningMapViewModel {
  status: 'loading' | 'ready' | 'failed';
  /** Which page: the list and history, or one map. */
  page: 'list' | 'map';
  failure: FailureView;
  canRetry: boolean;
  maps: LearningMapSummary[];
  history: LearningMapSummary[];
  map: LearningMapDetail | null;
  /** Only on a manager's list page. */
  assign: LearningMapAssignView | null;
}

export function selectLearningMapView(s: LearningMapSnapshot): LearningMapViewModel {
  const { page, error, mapId, manager, assigned, assignError } = s.context;
  const status = s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready';
  const list = status === 'ready' && page?.kind === 'list' ? page : null;
  const catalogue = list && manager ? list.catalogue : null;
  const busy = s.matches({ ready: 'assigning' });
  return {
    status,
    page: mapId === null ? 'list' : 'map',
    failure: failureView(status === 'failed', error),
    canRetry: status === 'failed',
    maps: list?.list.maps ?? [],
    history: list?.list.history ?? [],
    map: status === 'ready' && page?.kind === 'map' ? page.map : null,
    assign: catalogue
      ? { maps: catalogue.maps, downlines: catalogue.downlines, busy, canSubmit: !busy, result: s.matches({ ready: 'assigned' }) ? assigned : null, failure: failureView(s.matches({ ready: 'assignFailed' }), assignError) }
      : null,
  };
}
