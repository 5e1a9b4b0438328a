import type { SnapshotFrom } from 'xstate';
import type { PublicUser } from '../../api/schemas/users.schema';
import { failureView, type FailureView } from '../shared/submission-error';
import { pickable, type courseRecommendationMachine } from './course-recommendation.machine';

export type CourseRecommendationSnapshot = SnapshotFrom<typeof courseRecommendationMachine>;

export interface ColleagueView extends PublicUser {
  picked: boolean;
  /** "Add" is offered exactly when the machine takes the pick. */
  canPick: boolean;
}

export interface CourseRecommendationViewModel {
  open: boolean;
  step: 'composing' | 'sending' | 'done';
  query: string;
  /** The search: nothing typed, waiting for typing to pause or for the server, answered, failed. */
  search: 'idle' | 'searching' | 'ready' | 'failed';
  /** The colleagues found (the learner themselves left out). */
  results: ColleagueView[];
  canMore: boolean;
  loadingMore: boolean;
  moreFailure: FailureView;
  searchFailure: FailureView;
  picked: PublicUser[];
  max: number;
  /** As many picked as allowed: the view says so. */
  full: boolean;
  canSend: boolean;
  sendFailure: FailureView;
  recommended: number;
  alreadyRecommended: number;
}

export function selectCourseRecommendationView(s: CourseRecommendationSnapshot): CourseRecommendationViewModel {
  const c = s.context;
  const composing = s.matches('composing');
  const search = s.matches({ composing: 'failed' })
    ? 'failed'
    : s.matches({ composing: 'debouncing' }) || s.matches({ composing: 'searching' })
      ? 'searching'
      : c.query === '' || s.matches({ composing: 'idle' })
        ? 'idle'
        : 'ready';
  return {
    open: !s.matches('closed'),
    step: s.matches('done') ? 'done' : s.matches('sending') ? 'sending' : 'composing',
    query: c.query,
    search,
    results: search === 'failed' ? [] : c.results.filter((u) => u.id !== c.selfId).map((u) => ({ ...u, picked: c.picked.some((p) => p.id === u.id), canPick: composing && pickable(c, u.id) })),
    canMore: (s.matches({ composing: 'ready' }) || s.matches({ composing: 'moreFailed' })) && c.results.length < c.total,
    loadingMore: s.matches({ composing: 'loadingMore' }),
    moreFailure: failureView(s.matches({ composing: 'moreFailed' }), c.searchError),
    searchFailure: failureView(s.matches({ composing: 'failed' }), c.searchError),
    picked: c.picked,
    max: c.max,
    full: c.picked.length >= c.max,
    canSend: composing && c.picked.length > 0,
    sendFailure: failureView(composing && c.sendFailed, c.sendError),
    recommended: c.result?.recommended ?? 0,
    alreadyRecommended: c.result?.already_recommended ?? 0,
  };
}
