import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { Attempt, QuizResult } from '../../api/schemas/quizzes.schema';
import { quizAttemptMachine, TYPING_DEBOUNCE_MS, type QuizLoaded, type QuizProblem, type SendOutcome, type UnsentAnswer } from './quiz-attempt.machine';
import { selectQuizPageView, timerView, type QuizAttemptSnapshot } from './quiz-attempt.selectors';
import { finishedAttempt, iso, openAttempt, sampleQuiz, sampleRecords, T0 } from './quiz-attempt.fixtures';
import { quizMachine } from '../quiz/quiz.machine';
import { waitFor } from '../testing/wait-for';

// Issue 13 "The attempt, owned by the server", with fake effects, a fake wall clock (`now`) and
// XState's simulated clock for the typing debounce and the offline retry.

interface Deferred<T> {
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}
const deferred = <T,>(list: Deferred<T>[]) => new Promise<T>((resolve, reject) => void list.push({ resolve, reject }));
const settle = () => new Promise<void>((r) => setTimeout(r, 0));

function harness({ quiz = sampleQuiz, journal = [] as UnsentAnswer[] } = {}) {
  let now = T0;
  const clock = new SimulatedClock();
  const loads: Deferred<QuizLoaded>[] = [];
  const starts: Deferred<Attempt>[] = [];
  const attempts: Deferred<Attempt>[] = [];
  const sends: Deferred<SendOutcome>[] = [];
  const submits: Deferred<QuizResult>[] = [];
  const sent: UnsentAnswer[][] = [];
  const submitted: string[] = [];
  const journalWrites: UnsentAnswer[][] = [];
  const actors = {
    loadQuiz: fromPromise<QuizLoaded, { quizId: string }>(() => deferred(loads)),
    startAttempt: fromPromise<Attempt, { quizId: string }>(() => deferred(starts)),
    loadAttempt: fromPromise<Attempt, { attemptId: string }>(() => deferred(attempts)),
    sendAnswers: fromPromise<SendOutcome, { attemptId: string; answers: UnsentAnswer[] }>(({ input }) => {
      sent.push(input.answers);
      return deferred(sends);
    }),
    submitAttempt: fromPromise<QuizResult, { attemptId: string }>(({ input }) => {
      submitted.push(input.attemptId);
      return deferred(submits);
    }),
  };
  const logic = quizAttemptMachine.provide({ actors, actions: { keepJournal: (_, params) => void journalWrites.push((params as { unsent: UnsentAnswer[] }).unsent) } });
  const actor = createActor(logic as typeof quizAttemptMachine, { input: { quizId: '7', now: () => now, readJournal: () => journal }, clock }).start();
  const h = {
    actor,
    clock,
    sent,
    submitted,
    journalWrites,
    view: () => selectQuizPageView(actor.getSnapshot() as QuizAttemptSnapshot),
    timer: () => timerView(actor.getSnapshot().context),
    setNow: (ms: number) => void (now = ms),
    async load(over = quiz) {
      loads.shift()!.resolve({ quiz: over, records: sampleRecords });
      await settle();
    },
    async start(attempt: Attempt = openAttempt()) {
      actor.send({ type: 'start' });
      starts.shift()!.resolve(attempt);
      await waitFor(actor, (s) => s.matches('answering'), { what: 'answering' });
    },
    /** The server confirms the last batch sent (as it got it). */
    async ack(refuse: string[] = []) {
      const batch = sent.at(-1)!;
      sends.shift()!.resolve({
        saved: batch.filter((a) => !refuse.includes(a.questionId)).map((a) => ({ question_id: a.questionId, value: a.value, seq: a.seq, saved_at: iso(now) })),
        refused: batch.filter((a) => refuse.includes(a.questionId)).map((a) => ({ questionId: a.questionId, seq: a.seq, message: 'Too many choices.' })),
      });
      await settle();
    },
    async failSend(problem: QuizProblem) {
      sends.shift()!.reject(problem);
      await settle();
    },
    async resolveSubmit(result: QuizResult) {
      submits.shift()!.resolve(result);
      await settle();
    },
    async rejectSubmit(problem: QuizProblem) {
      submits.shift()!.reject(problem);
      await settle();
    },
    async attempt(attempt: Attempt) {
      attempts.shift()!.resolve(attempt);
      await settle();
    },
    pendingSends: () => sends.length,
    pendingAttempts: () => attempts.length,
  };
  return h;
}

describe('quiz attempt: the timer is a view of the server deadline', () => {
  it('shows time left from the deadline and the offset to the server clock, whatever the device clock says', async () => {
    const h = harness();
    await h.load();
    // The device clock is an hour behind the server: the offset measured at receipt corrects it.
    await h.start(openAttempt({ serverAhead: 3_600_000, deadlineIn: 10 * 60_000 }));
    expect(h.timer()?.secondsLeft).toBe(600);
    // 61 s later on the device, one tick (a background tab ticks rarely): 61 s less, not 1.
    h.setNow(T0 + 61_000);
    h.actor.send({ type: 'tick' });
    expect(h.timer()?.secondsLeft).toBe(539);
    // Many ticks at the same time change nothing (nothing is counted).
    for (let i = 0; i < 5; i++) h.actor.send({ type: 'tick' });
    expect(h.timer()?.secondsLeft).toBe(539);
    // A laptop that slept for 8 minutes wakes with 8 minutes less.
    h.setNow(T0 + 541_000);
    h.actor.send({ type: 'tick' });
    expect(h.timer()).toMatchObject({ secondsLeft: 59, announcement: 'one_minute', warning: false });
    h.setNow(T0 + 571_000);
    h.actor.send({ type: 'tick' });
    // WCAG 2.2.1: the warning at least 20 s before time-up.
    expect(h.timer()).toMatchObject({ secondsLeft: 29, announcement: 'warning', warning: true });
  });

  it('announces 5 minutes and 1 minute left, and hides the running timer on request', async () => {
    const h = harness();
    await h.load();
    await h.start(openAttempt({ deadlineIn: 6 * 60_000 }));
    expect(h.timer()?.announcement).toBeNull();
    h.setNow(T0 + 60_000);
    h.actor.send({ type: 'tick' });
    expect(h.timer()?.announcement).toBe('five_minutes');
    h.actor.send({ type: 'timer.toggle' });
    expect(h.timer()?.hidden).toBe(true);
    h.actor.send({ type: 'timer.toggle' });
    expect(h.timer()?.hidden).toBe(false);
  });

  it('says when the closing time cut the limit short', async () => {
    const h = harness();
    await h.load();
    await h.start(openAttempt({ cut: true }));
    expect(h.view()).toMatchObject({ status: 'answering', cutByClosingTime: true });
  });
});

describe('quiz attempt: every answer is saved as it is given', () => {
  it('saves a choice at once with a growing seq, and a typed text after a pause in typing or on blur', async () => {
    const h = harness();
    await h.load();
    await h.start();
    h.actor.send({ type: 'answer.choose', questionId: 'q1', optionId: 'a' });
    expect(h.sent.at(-1)).toEqual([{ questionId: 'q1', value: ['a'], seq: 1 }]);
    expect(h.view()).toMatchObject({ save: 'saving' });
    await h.ack();
    expect(h.view()).toMatchObject({ save: 'saved' });
    h.actor.send({ type: 'answer.type', questionId: 'q3', text: 'Insur' });
    h.clock.increment(TYPING_DEBOUNCE_MS - 1);
    h.actor.send({ type: 'answer.type', questionId: 'q3', text: 'Insurance' });
    h.clock.increment(TYPING_DEBOUNCE_MS - 1);
    expect(h.sent).toHaveLength(1);
    expect(h.view()).toMatchObject({ save: 'saving' });
    h.clock.increment(1);
    expect(h.sent.at(-1)).toEqual([{ questionId: 'q3', value: 'Insurance', seq: 1 }]);
    await h.ack();
    h.actor.send({ type: 'answer.type', questionId: 'q3', text: 'Insurance Authority' });
    h.actor.send({ type: 'answer.commit', questionId: 'q3' });
    expect(h.sent.at(-1)).toEqual([{ questionId: 'q3', value: 'Insurance Authority', seq: 2 }]);
    await h.ack();
    // The debounce's own commit after the blur changes nothing.
    h.clock.increment(TYPING_DEBOUNCE_MS);
    expect(h.sent).toHaveLength(3);
  });

  it('sends a change made while a save is in flight right after it, with a higher seq', async () => {
    const h = harness();
    await h.load();
    await h.start();
    h.actor.send({ type: 'answer.choose', questionId: 'q1', optionId: 'a' });
    h.actor.send({ type: 'answer.choose', questionId: 'q1', optionId: 'b' });
    expect(h.sent).toHaveLength(1);
    await h.ack();
    expect(h.sent.at(-1)).toEqual([{ questionId: 'q1', value: ['b'], seq: 2 }]);
  });

  it('refuses more than max_choices (SPEC §5, §8), and shows the server refusing one', async () => {
    const h = harness();
    await h.load();
    await h.start();
    h.actor.send({ type: 'answer.choose', questionId: 'q2', optionId: 'a' });
    h.actor.send({ type: 'answer.choose', questionId: 'q2', optionId: 'b' });
    h.actor.send({ type: 'answer.choose', questionId: 'q2', optionId: 'c' });
    const view = h.view();
    if (view.status !== 'answering') throw new Error(view.status);
    const q2 = view.questions.find((q) => q.id === 'q2')!;
    expect(q2.options.filter((o) => o.chosen).map((o) => o.id)).toEqual(['a', 'b']);
    expect(q2.refusal).toEqual({ kind: 'max_choices', message: null });
    // Unchoosing one makes room again, and the refusal goes.
    h.actor.send({ type: 'answer.choose', questionId: 'q2', optionId: 'a' });
    h.actor.send({ type: 'answer.choose', questionId: 'q2', optionId: 'c' });
    const after = h.view();
    if (after.status !== 'answering') throw new Error(after.status);
    expect(after.questions[1].options.filter((o) => o.chosen).map((o) => o.id)).toEqual(['b', 'c']);
    expect(after.questions[1].refusal).toBeNull();
    await h.ack(['q2']);
    await h.ack(['q2']);
    const refused = h.view();
    if (refused.status !== 'answering') throw new Error(refused.status);
    expect(refused.questions[1].refusal).toEqual({ kind: 'server', message: 'Too many choices.' });
    expect(refused.save).toBe('saved');
  });

  it('keeps unsent answers in the journal while offline and sends them once when the server is back', async () => {
    const h = harness();
    await h.load();
    await h.start();
    h.actor.send({ type: 'answer.choose', questionId: 'q1', optionId: 'a' });
    expect(h.journalWrites.at(-1)).toEqual([{ questionId: 'q1', value: ['a'], seq: 1 }]);
    await h.failSend({ kind: 'offline' });
    expect(h.view()).toMatchObject({ save: 'offline' });
    h.actor.send({ type: 'answer.choose', questionId: 'q2', optionId: 'b' });
    // Offline: nothing is sent until the browser is back (or the retry's delay passes).
    expect(h.sent).toHaveLength(1);
    expect(h.journalWrites.at(-1)).toEqual([
      { questionId: 'q1', value: ['a'], seq: 1 },
      { questionId: 'q2', value: ['b'], seq: 1 },
    ]);
    h.actor.send({ type: 'network.online' });
    expect(h.sent.at(-1)).toEqual([
      { questionId: 'q1', value: ['a'], seq: 1 },
      { questionId: 'q2', value: ['b'], seq: 1 },
    ]);
    await h.ack();
    expect(h.view()).toMatchObject({ save: 'saved' });
    expect(h.journalWrites.at(-1)).toEqual([]);
    expect(h.sent).toHaveLength(2);
  });

  it('tries again after a while when offline without an online event', async () => {
    const h = harness();
    await h.load();
    await h.start();
    h.actor.send({ type: 'answer.choose', questionId: 'q1', optionId: 'a' });
    await h.failSend({ kind: 'offline' });
    h.clock.increment(4999);
    expect(h.sent).toHaveLength(1);
    h.clock.increment(1);
    expect(h.sent).toHaveLength(2);
  });

  it('after a reload, resumes the open attempt with the server answers and the journal answers of a higher seq, on the same question', async () => {
    const h = harness({
      journal: [
        { questionId: 'q1', value: ['b'], seq: 5 },
        { questionId: 'q3', value: 'old', seq: 1 },
        { questionId: 'gone', value: 'x', seq: 9 },
      ],
    });
    h.actor.getSnapshot();
    await h.load({ ...sampleQuiz, open_attempt_id: '41' });
    expect(h.actor.getSnapshot().matches('resuming')).toBe(true);
    await h.attempt(
      openAttempt({
        answers: [
          { question_id: 'q1', value: ['a'], seq: 4, saved_at: iso(T0) },
          { question_id: 'q3', value: 'newer', seq: 2, saved_at: iso(T0) },
        ],
        deadlineIn: 120_000,
      }),
    );
    const view = h.view();
    if (view.status !== 'answering') throw new Error(view.status);
    expect(view.questions.map((q) => q.options.filter((o) => o.chosen).map((o) => o.id).join() || q.text_value)).toEqual(['b', '', 'newer']);
    // Only the journal's newer answer is replayed.
    expect(h.sent.at(-1)).toEqual([{ questionId: 'q1', value: ['b'], seq: 5 }]);
    expect(view.timer?.secondsLeft).toBe(120);
  });

  it('keeps the question index given (from the URL) and refuses an index out of range', async () => {
    const h = harness();
    const actor = createActor(
      (quizAttemptMachine as typeof quizAttemptMachine).provide({
        actors: {
          loadQuiz: fromPromise<QuizLoaded, { quizId: string }>(async () => ({ quiz: sampleQuiz, records: [] })),
          startAttempt: fromPromise<Attempt, { quizId: string }>(async () => openAttempt()),
        },
      }) as typeof quizAttemptMachine,
      { input: { quizId: '7', now: () => T0, index: 2 } },
    ).start();
    h.actor.stop();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'start' });
    await waitFor(actor, (s) => s.matches('answering'));
    expect(actor.getSnapshot().context.index).toBe(2);
    actor.send({ type: 'question.go', index: 3 });
    expect(actor.getSnapshot().context.index).toBe(2);
    actor.send({ type: 'question.go', index: 0 });
    expect(actor.getSnapshot().context.index).toBe(0);
  });
});

describe('quiz attempt: submission', () => {
  it('at time-up sends the field being typed, then submits, without asking about unanswered questions', async () => {
    const h = harness();
    await h.load();
    await h.start(openAttempt({ deadlineIn: 60_000 }));
    h.actor.send({ type: 'answer.type', questionId: 'q3', text: 'typed at the last second' });
    h.setNow(T0 + 60_000);
    h.actor.send({ type: 'tick' });
    expect(h.actor.getSnapshot().matches({ submitting: 'sending' })).toBe(true);
    expect(h.sent.at(-1)).toEqual([{ questionId: 'q3', value: 'typed at the last second', seq: 1 }]);
    expect(h.submitted).toEqual([]);
    await h.ack();
    expect(h.submitted).toEqual(['41']);
    await h.resolveSubmit(finishedAttempt(false).result!);
    await h.attempt(finishedAttempt(false));
    // Issue 43: the result says it was submitted at time-up (within the grace the server calls it the learner's).
    expect(h.view()).toMatchObject({ status: 'result', passed: false, canRetake: true, automatic: true });
  });

  it('a result the learner submitted is not called automatic; a passed quiz shows no "failed several times" alert (issue 43)', async () => {
    const h = harness();
    await h.load({ ...sampleQuiz, failed_attempts: 3, retake_alert: true });
    await h.start();
    h.actor.send({ type: 'submit' });
    h.actor.send({ type: 'submit.confirm' });
    await h.resolveSubmit(finishedAttempt(true).result!);
    const passed = finishedAttempt(true);
    await h.attempt({ ...passed, quiz: { ...passed.quiz, retake_alert: true } });
    expect(h.view()).toMatchObject({ status: 'result', passed: true, automatic: false, retakeAlert: false });
  });

  it('shows the result of an attempt the server already finished (403 QuizTimeUp)', async () => {
    const h = harness();
    await h.load();
    await h.start(openAttempt({ deadlineIn: 1000 }));
    h.setNow(T0 + 5000);
    h.actor.send({ type: 'tick' });
    await h.rejectSubmit({ kind: 'closed' });
    expect(h.actor.getSnapshot().matches('fetchingResult')).toBe(true);
    await h.attempt({ ...finishedAttempt(true), result: { ...finishedAttempt(true).result!, finished_by: 'deadline' } });
    expect(h.view()).toMatchObject({ status: 'result', passed: true, result: { finished_by: 'deadline' } });
  });

  it('asks to confirm a manual submit with any unanswered question, naming how many (issue 43)', async () => {
    const h = harness();
    await h.load();
    await h.start();
    h.actor.send({ type: 'answer.type', questionId: 'q3', text: 'IA' });
    h.actor.send({ type: 'submit' });
    // The text being typed counts as an answer: two of the three questions are unanswered.
    expect(h.view()).toMatchObject({ status: 'answering', confirming: true, unanswered: 2 });
    h.actor.send({ type: 'submit.cancel' });
    expect(h.view()).toMatchObject({ confirming: false });
    h.actor.send({ type: 'submit' });
    expect(h.view()).toMatchObject({ confirming: true, unanswered: 2 });
    h.actor.send({ type: 'submit.confirm' });
    await h.ack();
    expect(h.submitted).toEqual(['41']);
  });

  it('submits offline answers when back, and the submit itself when the network returns', async () => {
    const h = harness();
    await h.load();
    await h.start();
    h.actor.send({ type: 'answer.choose', questionId: 'q1', optionId: 'a' });
    h.actor.send({ type: 'answer.type', questionId: 'q3', text: 'IA' });
    await h.failSend({ kind: 'offline' });
    h.actor.send({ type: 'submit' });
    h.actor.send({ type: 'submit.confirm' });
    expect(h.sent.at(-1)).toEqual([
      { questionId: 'q1', value: ['a'], seq: 1 },
      { questionId: 'q3', value: 'IA', seq: 1 },
    ]);
    await h.failSend({ kind: 'offline' });
    expect(h.view()).toMatchObject({ status: 'submitting', offline: true });
    h.actor.send({ type: 'network.online' });
    await h.ack();
    expect(h.submitted).toEqual(['41']);
  });

  it('a failed quiz offers a retake and the retake alert after the Nth failure; a passed one is "already submitted"', async () => {
    const h = harness();
    await h.load({ ...sampleQuiz, failed_attempts: 1 });
    await h.start();
    h.actor.send({ type: 'submit' });
    h.actor.send({ type: 'submit.confirm' });
    await h.resolveSubmit(finishedAttempt(false).result!);
    await h.attempt(finishedAttempt(false, { failed_attempts: 2, retake_alert: true }));
    expect(h.view()).toMatchObject({ status: 'result', passed: false, canRetake: true, retakeAlert: true });
    h.actor.send({ type: 'retake' });
    expect(h.actor.getSnapshot().matches('starting')).toBe(true);
  });

  it('a failed quiz without attempts left offers no retake', async () => {
    const h = harness();
    await h.load({ ...sampleQuiz, open_attempt_id: '41' });
    await h.attempt(finishedAttempt(false, { availability: 'no_attempts_left' }));
    expect(h.view()).toMatchObject({ status: 'result', canRetake: false });
    h.actor.send({ type: 'retake' });
    expect(h.actor.getSnapshot().matches('failed')).toBe(true);
  });
});

describe('quiz page machine: identity prompts', () => {
  function page() {
    const starts: Deferred<Attempt>[] = [];
    const asked: number[] = [];
    const paused: string[] = [];
    const resumes: Deferred<Attempt>[] = [];
    const clock = { now: T0 };
    const logic = quizMachine.provide({
      actions: { requestIdentityCheck: () => void asked.push(1) },
      actors: {
        pauseClock: fromPromise<unknown, { attemptId: string }>(async ({ input }) => void paused.push(input.attemptId)),
        resumeClock: fromPromise<Attempt, { attemptId: string }>(() => deferred(resumes)),
      },
    });
    // The child's effects: provided through the parent's actor.
    const child = quizMachine.implementations.actors.attempt as typeof quizAttemptMachine;
    const provided = logic.provide({
      actors: {
        attempt: child.provide({
          actors: {
            loadQuiz: fromPromise<QuizLoaded, { quizId: string }>(async () => ({ quiz: { ...sampleQuiz, kind: 'exam', identity_check_at_start: true }, records: [] })),
            startAttempt: fromPromise<Attempt, { quizId: string }>(() => deferred(starts)),
          },
        }),
      },
    });
    const actor = createActor(provided, { input: { quizId: '7', now: () => clock.now } }).start();
    const attempt = () => actor.getSnapshot().children.attempt as unknown as ReturnType<typeof createActor<typeof quizAttemptMachine>>;
    return { actor, attempt, starts, asked, paused, resumes, clock };
  }

  it('an exam whose start needs an identity check asks for one and starts again once it passed', async () => {
    const p = page();
    await waitFor(p.attempt(), (s) => s.matches('ready'));
    p.actor.send({ type: 'start' });
    p.starts.shift()!.reject({ kind: 'identity' });
    await waitFor(p.attempt(), (s) => s.matches('identityCheck'));
    await settle();
    expect(p.asked).toEqual([1]);
    expect(p.actor.getSnapshot().matches({ identity: 'checking' })).toBe(true);
    p.actor.send({ type: 'identity.passed' });
    await waitFor(p.attempt(), (s) => s.matches('starting'));
    p.starts.shift()!.resolve(openAttempt());
    await waitFor(p.attempt(), (s) => s.matches('answering'));
  });

  it('a cancelled identity check returns to the intro', async () => {
    const p = page();
    await waitFor(p.attempt(), (s) => s.matches('ready'));
    p.actor.send({ type: 'start' });
    p.starts.shift()!.reject({ kind: 'identity' });
    await waitFor(p.actor, (s) => s.matches({ identity: 'checking' }));
    p.actor.send({ type: 'identity.cancelled' });
    await waitFor(p.attempt(), (s) => s.matches('ready'));
  });

  it('an identity prompt pauses answering and its close resumes it', async () => {
    const p = page();
    await waitFor(p.attempt(), (s) => s.matches('ready'));
    p.actor.send({ type: 'start' });
    p.starts.shift()!.resolve(openAttempt());
    await waitFor(p.attempt(), (s) => s.matches('answering'));
    p.actor.send({ type: 'auth.timer.pause' });
    await settle();
    p.actor.send({ type: 'answer.choose', questionId: 'q1', optionId: 'a' });
    await settle();
    expect(p.attempt().getSnapshot().context.answers).toEqual({});
    expect(selectQuizPageView(p.attempt().getSnapshot() as QuizAttemptSnapshot)).toMatchObject({ paused: true });
    p.actor.send({ type: 'auth.timer.resume' });
    await settle();
    p.resumes.shift()!.resolve(openAttempt());
    await settle();
    p.actor.send({ type: 'answer.choose', questionId: 'q1', optionId: 'a' });
    await settle();
    expect(p.attempt().getSnapshot().context.answers.q1).toEqual({ value: ['a'], seq: 1 });
  });

  // ADR 030: "time is never taken from them": the prompt stops the server's clock, and the page's.
  it('a prompt during a timed attempt stops its clock: the server is told, time-up waits, and the deadline the server moved on counts after the resume', async () => {
    const p = page();
    await waitFor(p.attempt(), (s) => s.matches('ready'));
    p.actor.send({ type: 'start' });
    const attempt = openAttempt({ deadlineIn: 60_000 });
    p.starts.shift()!.resolve(attempt);
    await waitFor(p.attempt(), (s) => s.matches('answering'));
    p.clock.now = T0 + 30_000;
    p.actor.send({ type: 'tick' });
    p.actor.send({ type: 'auth.timer.pause' });
    await settle();
    expect(p.paused).toEqual(['41']);
    // Issue 43: the time shown stands while the prompt is open (it fell 154 → 142 s in 12 s), and the questions are hidden.
    const shown = () => selectQuizPageView(p.attempt().getSnapshot() as QuizAttemptSnapshot);
    expect(shown()).toMatchObject({ status: 'answering', paused: true, timer: { secondsLeft: 30 } });
    p.clock.now = T0 + 42_000;
    p.actor.send({ type: 'tick' });
    expect(shown()).toMatchObject({ timer: { secondsLeft: 30 } });
    // The prompt stays open past the deadline: no time-up while it is open.
    p.clock.now = T0 + 90_000;
    p.actor.send({ type: 'tick' });
    p.actor.send({ type: 'auth.timer.resume' });
    p.actor.send({ type: 'tick' });
    await settle();
    expect(p.attempt().getSnapshot().matches('answering')).toBe(true);
    expect(p.attempt().getSnapshot().context.paused).toBe(true);
    // The server gave back the minute the prompt was open.
    p.resumes.shift()!.resolve({ ...attempt, deadline_at: iso(T0 + 120_000), server_now: iso(T0 + 90_000) });
    await waitFor(p.attempt(), (s) => !s.context.paused);
    p.actor.send({ type: 'tick' });
    await settle();
    expect(p.attempt().getSnapshot().matches('answering')).toBe(true);
    expect(timerView(p.attempt().getSnapshot().context)?.secondsLeft).toBe(30);
    expect(shown()).toMatchObject({ paused: false, timer: { secondsLeft: 30 } });
    p.clock.now = T0 + 120_000;
    p.actor.send({ type: 'tick' });
    await waitFor(p.attempt(), (s) => s.matches('submitting'));
  });

  it('a prompt before any attempt, or a failed resume, only pauses and resumes the answering', async () => {
    const p = page();
    await waitFor(p.attempt(), (s) => s.matches('ready'));
    p.actor.send({ type: 'auth.timer.pause' });
    p.actor.send({ type: 'auth.timer.resume' });
    await settle();
    expect(p.paused).toEqual([]);
    expect(p.resumes).toEqual([]);
    p.actor.send({ type: 'start' });
    p.starts.shift()!.resolve(openAttempt());
    await waitFor(p.attempt(), (s) => s.matches('answering'));
    p.actor.send({ type: 'auth.timer.pause' });
    p.actor.send({ type: 'auth.timer.resume' });
    await settle();
    p.resumes.shift()!.reject(new Error('offline'));
    await waitFor(p.attempt(), (s) => !s.context.paused);
    expect(p.attempt().getSnapshot().context.attempt?.deadline_at).toBe(openAttempt().deadline_at);
  });
});
