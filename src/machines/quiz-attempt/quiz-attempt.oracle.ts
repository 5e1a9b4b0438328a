import type { Attempt, QuizSummary } from '../../api/schemas/quizzes.schema';
import type { Oracle, OracleEvent, OracleRow } from '../testing/model-coverage';
import type { QuizAttemptContext, SendOutcome } from './quiz-attempt.machine';
import { selectQuizPageView, type QuizAttemptSnapshot } from './quiz-attempt.selectors';

// ADR 022: the quiz attempt as issue 13 and SPEC §4/§5/§8 describe it, written from them and not
// read off the machine. The answering state is named `answering(form, sync)`: the form (editing,
// or confirming a submit with unanswered questions, issue 43) and the answers' sync (idle = saved,
// saving, offline = not saved). Everything here computes from the context the rules themselves
// (what is unsent, whether time is up), independently of the machine's guards.

type Ctx = QuizAttemptContext;
type Form = 'editing' | 'confirming';
type Sync = 'idle' | 'saving' | 'offline';
const answering = (form: Form, sync: Sync) => `answering(${form}, ${sync})`;

/** A held answer whose seq is above what the server confirmed. */
const unsentIds = (c: Pick<Ctx, 'answers' | 'saved'>) => Object.keys(c.answers).filter((id) => c.answers[id].seq > (c.saved[id] ?? 0));
/** A draft that differs from the held answer (it becomes unsent when committed). */
const changedDrafts = (c: Ctx, except?: string) => Object.keys(c.drafts).filter((id) => id !== except && c.answers[id]?.value !== c.drafts[id]);
const answered = (v: unknown) => (Array.isArray(v) ? v.length > 0 : typeof v === 'string' && v.trim() !== '');

/** Time is up when the server's deadline, against the local clock plus the measured offset, is reached. */
const timeIsUp = (c: Ctx) => {
  const deadline = c.attempt?.deadline_at;
  return deadline != null && Date.parse(deadline) <= c.now() + c.offset;
};

/** Where a submission goes first: answers still to send (drafts included), or straight to the server's submit. */
const submitting = (c: Ctx) => (unsentIds(c).length + changedDrafts(c).length > 0 ? 'submitting.sending' : 'submitting.posting');

/** After the server's acknowledgement of `outcome`: anything still unsent. */
const stillUnsent = (c: Ctx, outcome: SendOutcome) => {
  const confirmed = new Map<string, number>();
  for (const a of outcome.saved) confirmed.set(a.question_id, a.seq);
  for (const r of outcome.refused) confirmed.set(r.questionId, Math.max(confirmed.get(r.questionId) ?? 0, r.seq));
  return unsentIds(c).some((id) => c.answers[id].seq > Math.max(c.saved[id] ?? 0, confirmed.get(id) ?? 0));
};

const kindOf = (e: OracleEvent) => (e.error as { kind?: string } | undefined)?.kind;
const ctx = (s: QuizAttemptSnapshot) => s.context;

/** The attempt arrived: a finished one shows its result; an open one is answered (journal: none in the tests). */
const afterAttempt = (attempt: Attempt) => (attempt.status === 'finished' ? (attempt.result?.pass ? 'passed' : 'failed') : answering('editing', 'idle'));

// Pause and resume (an identity prompt) never move the attempt.
// ADR 030: a moved deadline is taken for the open attempt it names, and moves nothing else.
const pauseResume = (name: string): OracleRow<QuizAttemptSnapshot> => ({
  pause: name,
  resume: name,
  'deadline.moved': (e, s) => (ctx(s).attempt?.id === e.attemptId && ctx(s).attempt?.status === 'open' ? name : null),
});

function answeringRow(form: Form, sync: Sync): OracleRow<QuizAttemptSnapshot> {
  const here = answering(form, sync);
  const after = (_: Ctx, nowUnsent: boolean) => answering(form, sync === 'idle' && nowUnsent ? 'saving' : sync);
  const question = (c: Ctx, id: unknown) => c.attempt?.questions.find((q) => q.id === id);
  return {
    ...pauseResume(here),
    // ADR 030: while an identity prompt is open the clock stands; time-up comes after the resume.
    tick: (_, s) => (timeIsUp(ctx(s)) && !ctx(s).paused ? submitting(ctx(s)) : here),
    'answer.choose': (e, s) => {
      const c = ctx(s);
      const q = question(c, e.questionId);
      if (c.paused || !q || !q.options.some((o) => o.id === e.optionId)) return null;
      const chosen = Array.isArray(c.answers[q.id]?.value) ? (c.answers[q.id].value as string[]) : [];
      // SPEC §5: more than max_choices is refused (the answer stays as it was).
      const refused = q.kind === 'multiple' && q.max_choices !== null && !chosen.includes(e.optionId as string) && chosen.length >= q.max_choices;
      return refused ? here : after(c, true);
    },
    'answer.type': (e, s) => {
      const c = ctx(s);
      if (c.paused || !question(c, e.questionId)) return null;
      return after(c, changedDrafts(c, e.questionId as string).length > 0);
    },
    'answer.commit': (e, s) => {
      const c = ctx(s);
      const id = e.questionId as string;
      if (c.drafts[id] === undefined) return null;
      return after(c, c.answers[id]?.value !== c.drafts[id]);
    },
    'question.go': (e, s) => (Number.isInteger(e.index) && (e.index as number) >= 0 && (e.index as number) < (ctx(s).attempt?.questions.length ?? 0) ? here : null),
    'timer.toggle': here,
    ...(form === 'editing'
      ? {
          // Issue 43: any question left unanswered (required or not) is named before a manual submit.
          submit: (_, s) => {
            const c = ctx(s);
            if (c.paused) return null;
            const missing = (c.attempt?.questions ?? []).some((q) => !answered(c.drafts[q.id] ?? c.answers[q.id]?.value));
            return missing ? answering('confirming', sync) : submitting(c);
          },
        }
      : {
          'submit.confirm': (_, s) => (ctx(s).paused ? null : submitting(ctx(s))),
          'submit.cancel': (_, s) => (ctx(s).paused ? null : answering('editing', sync)),
        }),
    ...(sync === 'saving'
      ? {
          'xstate.done.actor.sendAnswers': (e, s) => answering(form, stillUnsent(ctx(s), e.output as SendOutcome) ? 'saving' : 'idle'),
          'xstate.error.actor.sendAnswers': (e) => (kindOf(e) === 'closed' ? 'fetchingResult' : answering(form, 'offline')),
        }
      : {}),
    ...(sync === 'offline' ? { 'network.online': answering(form, 'saving'), [AFTER_SYNC]: answering(form, 'saving') } : {}),
  };
}

export const AFTER_SYNC = 'xstate.after.offlineRetry.quizAttempt.answering.sync.offline';
export const AFTER_SUBMIT = 'xstate.after.offlineRetry.quizAttempt.submitting.offline';
export const AFTER_RESULT = 'xstate.after.offlineRetry.quizAttempt.resultFailed';

const table: Record<string, OracleRow<QuizAttemptSnapshot>> = {
  loading: {
    ...pauseResume('loading'),
    'xstate.done.actor.loadQuiz': (e) => {
      const quiz = (e.output as { quiz: QuizSummary }).quiz;
      // A reload with an attempt open resumes it; otherwise the intro, or why the quiz is not available (SPEC §4, §8).
      return quiz.open_attempt_id !== null ? 'resuming' : quiz.availability === 'available' ? 'ready' : 'notAvailable';
    },
    'xstate.error.actor.loadQuiz': 'loadFailed',
  },
  loadFailed: { ...pauseResume('loadFailed'), retry: 'loading' },
  notAvailable: pauseResume('notAvailable'),
  ready: { ...pauseResume('ready'), start: 'starting' },
  starting: {
    ...pauseResume('starting'),
    'xstate.done.actor.startAttempt': (e) => {
      const attempt = e.output as Attempt;
      return attempt.status === 'finished' ? 'fetchingResult' : answering('editing', 'idle');
    },
    // An exam with continual authentication: an identity check, then the start again.
    'xstate.error.actor.startAttempt': (e) => (kindOf(e) === 'identity' ? 'identityCheck' : 'ready'),
  },
  identityCheck: { ...pauseResume('identityCheck'), 'identity.passed': 'starting', 'identity.cancelled': 'ready' },
  resuming: {
    ...pauseResume('resuming'),
    'xstate.done.actor.loadAttempt': (e) => afterAttempt(e.output as Attempt),
    'xstate.error.actor.loadAttempt': 'loadFailed',
  },
  ...Object.fromEntries((['editing', 'confirming'] as const).flatMap((form) => (['idle', 'saving', 'offline'] as const).map((sync) => [answering(form, sync), answeringRow(form, sync)]))),
  'submitting.sending': {
    ...pauseResume('submitting.sending'),
    'xstate.done.actor.sendAnswers': (e, s) => (stillUnsent(ctx(s), e.output as SendOutcome) ? 'submitting.sending' : 'submitting.posting'),
    'xstate.error.actor.sendAnswers': (e) => (kindOf(e) === 'closed' ? 'fetchingResult' : 'submitting.offline'),
  },
  'submitting.posting': {
    ...pauseResume('submitting.posting'),
    'xstate.done.actor.submitAttempt': 'fetchingResult',
    // QuizTimeUp / QuizSubmitted: the server finished it already; its result is read.
    'xstate.error.actor.submitAttempt': (e) => (kindOf(e) === 'closed' ? 'fetchingResult' : kindOf(e) === 'offline' ? 'submitting.offline' : 'submitting.refused'),
  },
  'submitting.offline': {
    ...pauseResume('submitting.offline'),
    'network.online': (_, s) => submitting(ctx(s)),
    [AFTER_SUBMIT]: (_, s) => submitting(ctx(s)),
  },
  'submitting.refused': { ...pauseResume('submitting.refused'), retry: (_, s) => submitting(ctx(s)) },
  fetchingResult: {
    ...pauseResume('fetchingResult'),
    // Still open (the submit never reached the server): the server's answers and the journal's
    // (none in these runs) are taken, then it is submitted.
    'xstate.done.actor.loadAttempt': (e) => {
      const attempt = e.output as Attempt;
      return attempt.status === 'finished' ? afterAttempt(attempt) : 'submitting.posting';
    },
    'xstate.error.actor.loadAttempt': 'resultFailed',
  },
  resultFailed: { ...pauseResume('resultFailed'), retry: 'fetchingResult', 'network.online': 'fetchingResult', [AFTER_RESULT]: 'fetchingResult' },
  // SPEC §8 "already submitted".
  passed: pauseResume('passed'),
  // SPEC §8 "failed quiz (retry)": a retake while the quiz is still available to the learner.
  failed: { ...pauseResume('failed'), retake: (_, s) => (ctx(s).quiz?.availability === 'available' ? 'starting' : null) },
};

export const quizAttemptOracle: Oracle<QuizAttemptSnapshot> = {
  state: (s) => {
    if (s.matches('answering')) {
      const v = (s.value as { answering: { form: Form; sync: Sync } }).answering;
      return answering(v.form, v.sync);
    }
    if (s.matches('submitting')) return `submitting.${(s.value as { submitting: string }).submitting}`;
    return String(s.value);
  },
  table,
  offers: (s) => {
    const view = selectQuizPageView(s);
    return {
      retry: view.status === 'load_failed' || (view.status === 'submitting' && (view.refused || (s.matches('resultFailed') && view.offline))),
      start: view.status === 'intro' && !view.starting && !view.identityCheck,
      // Issue 43: while an identity prompt is open the page shows no questions and no submit.
      submit: view.status === 'answering' && !view.confirming && !view.paused,
      'submit.confirm': view.status === 'answering' && view.confirming && !view.paused,
      'submit.cancel': view.status === 'answering' && view.confirming && !view.paused,
      'timer.toggle': view.status === 'answering',
      retake: view.status === 'result' && !view.passed && !view.starting && view.quiz.availability === 'available',
    };
  },
};
