import { stateName, type Oracle, type OracleEvent, type OracleRow } from '../testing/model-coverage';
import type { CourseRecommendationSnapshot } from './course-recommendation.selectors';

// ADR 022: the "Recommend" dialog as issue 48 describes it, written from the issue and not read off
// the machine: (state, event) → next state; an event missing from a row is refused. The search
// asks once typing pauses (a blank search asks nothing); "More" is there while the server has more;
// a colleague is picked once, from the results, never oneself, at most `max` of them; a send needs
// somebody picked; a failed send keeps the picks and the results; every step can be closed but the
// send under way.

export const AFTER_SEARCH_DELAY = 'xstate.after.searchDelay.courseRecommendation.composing.debouncing';

type Row = OracleRow<CourseRecommendationSnapshot>;
const c = (s: CourseRecommendationSnapshot) => s.context;

const composingRow = (here: string, extra: Row = {}): Row => ({
  'query.change': (e) => (String(e.text).trim() === '' ? 'composing.idle' : 'composing.debouncing'),
  pick: (e, s) => {
    const id = String(e.id);
    const found = c(s).results.some((u) => u.id === id);
    const already = c(s).picked.some((u) => u.id === id);
    return found && id !== c(s).selfId && !already && c(s).picked.length < c(s).max ? here : null;
  },
  unpick: (e, s) => (c(s).picked.some((u) => u.id === e.id) ? here : null),
  send: (_, s) => (c(s).picked.length > 0 ? 'sending' : null),
  close: 'closed',
  ...extra,
});

const table: Record<string, Row> = {
  closed: { open: 'composing.idle' },
  'composing.idle': composingRow('composing.idle'),
  'composing.debouncing': composingRow('composing.debouncing', { [AFTER_SEARCH_DELAY]: 'composing.searching' }),
  'composing.searching': composingRow('composing.searching', { 'xstate.done.actor.search': 'composing.ready', 'xstate.error.actor.search': 'composing.failed' }),
  'composing.ready': composingRow('composing.ready', { more: (_, s) => (c(s).results.length < c(s).total ? 'composing.loadingMore' : null) }),
  'composing.loadingMore': composingRow('composing.loadingMore', { 'xstate.done.actor.search': 'composing.ready', 'xstate.error.actor.search': 'composing.moreFailed' }),
  'composing.failed': composingRow('composing.failed', { retry: 'composing.searching' }),
  'composing.moreFailed': composingRow('composing.moreFailed', { retry: 'composing.loadingMore', more: 'composing.loadingMore' }),
  sending: {
    'xstate.done.actor.send': 'done',
    'xstate.error.actor.send': (_: OracleEvent, s) => (c(s).results.length > 0 ? 'composing.ready' : 'composing.idle'),
  },
  done: { close: 'closed' },
};

export const courseRecommendationOracle: Oracle<CourseRecommendationSnapshot> = {
  state: (s) => stateName(s.value),
  table,
  start: () => 'closed',
  offers: (s) => {
    const composing = s.matches('composing');
    return {
      send: composing && c(s).picked.length > 0,
      more: (s.matches({ composing: 'ready' }) && c(s).results.length < c(s).total) || s.matches({ composing: 'moreFailed' }),
      close: !s.matches('closed') && !s.matches('sending'),
    };
  },
};
