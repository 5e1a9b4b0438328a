import type { MockAttempt, SavedMockAnswer } from '../../api/schemas/mock-exams.schema';
import type { Oracle, OracleEvent, OracleRow } from '../testing/model-coverage';
import { selectMockPracticeView, type MockPracticeSnapshot } from './mock-practice.selectors';

// ADR 022: practice mode of a mock paper as issue 13 ("practice mode: untimed, answers explained
// after each question") and ADR 028 describe it, written from them and not read off the machine:
// (state, event) → next state; an event missing from a row is refused. The rules it needs (which
// question is shown, what is chosen, what the server revealed) are computed here from the context.

const ctx = (s: MockPracticeSnapshot) => s.context;
const shown = (s: MockPracticeSnapshot) => ctx(s).attempt?.questions[ctx(s).index];

/** A started practice: a finished attempt shows its score; one whose every question is answered shows the last reveal; otherwise the first unanswered question. */
function afterStart(e: OracleEvent): string {
  const attempt = e.output as MockAttempt;
  if (attempt.status === 'finished') return 'finished';
  const answered = new Set(attempt.reveals.map((r) => r.question_id));
  return attempt.questions.length > 0 && attempt.questions.every((q) => answered.has(q.id)) ? 'revealed' : 'question';
}

const table: Record<string, OracleRow<MockPracticeSnapshot>> = {
  loading: { 'xstate.done.actor.startPractice': afterStart, 'xstate.error.actor.startPractice': 'loadFailed' },
  loadFailed: { retry: 'loading' },
  question: {
    // Only an option of the question shown; one beyond max_choices is refused but the question stays.
    'answer.choose': (e, s) => (shown(s)?.options.some((o) => o.id === e.optionId) ? 'question' : null),
    // Nothing chosen: nothing to check.
    'answer.check': (_, s) => {
      const q = shown(s);
      return q && (ctx(s).chosen[q.id] ?? []).length > 0 ? 'saving' : null;
    },
    finish: 'finishing',
  },
  saving: {
    // Practice: the save's answer carries the correct answer and the explanation; without them nothing can be shown.
    'xstate.done.actor.saveAnswer': (e) => ((e.output as SavedMockAnswer).reveal ? 'revealed' : 'saveFailed'),
    'xstate.error.actor.saveAnswer': 'saveFailed',
  },
  saveFailed: { retry: 'saving', finish: 'finishing' },
  revealed: {
    next: (_, s) => {
      const c = ctx(s);
      const next = c.attempt?.questions[c.index + 1];
      if (!next) return 'finishing';
      return c.reveals[next.id] ? 'revealed' : 'question';
    },
    finish: 'finishing',
  },
  finishing: { 'xstate.done.actor.finishPractice': 'finished', 'xstate.error.actor.finishPractice': 'finishFailed' },
  finishFailed: { retry: 'finishing' },
  finished: { again: 'loading' },
};

export const mockPracticeOracle: Oracle<MockPracticeSnapshot> = {
  table,
  offers: (s) => {
    const view = selectMockPracticeView(s);
    return {
      retry: view.status === 'load_failed' || view.status === 'save_failed' || view.status === 'finish_failed',
      'answer.check': 'canCheck' in view && view.canCheck,
      next: view.status === 'revealed',
      finish: view.status === 'question' || view.status === 'save_failed' || view.status === 'revealed',
      again: view.status === 'finished',
    };
  },
};
