import { assign, fromPromise, sendParent, sendTo, setup, type AnyActorRef, type EventObject } from 'xstate';
import type { Attempt } from '../../api/schemas/quizzes.schema';
import { quizAttemptMachine, type Clock, type QuizAttemptEvent, type UnsentAnswer } from '../quiz-attempt/quiz-attempt.machine';

export interface QuizInput {
  quizId: string;
  now: Clock;
  index?: number;
  readJournal?: (attemptId: string) => UnsentAnswer[];
}

/** The page's own context: what it was given, and the attempt an open identity prompt stopped. */
export interface QuizContext extends QuizInput {
  pausedAttemptId: string | null;
}

/** The child's open, timed attempt while it is being answered: the one an identity prompt stops (ADR 030). */
function timedAttemptOf(attempt: AnyActorRef | undefined): string | null {
  const snapshot = attempt?.getSnapshot();
  const open = snapshot?.context.attempt as Attempt | null | undefined;
  return open && open.status === 'open' && open.deadline_at !== null && snapshot.matches('answering') ? open.id : null;
}

const notProvided = (name: string) => () => {
  throw new Error(`${name} must be provided (src/routes/quiz: machine.provide)`);
};

export type QuizEvent =
  | QuizAttemptEvent
  /** From the attempt child: an exam's start needs an identity check (403 IdentityCheckRequired). */
  | { type: 'attempt.identityRequired' }
  /** Continual authentication (SPEC §2, §4), through the layout's registry (ADR 019). */
  | { type: 'auth.timer.pause' }
  | { type: 'auth.timer.resume' };

/**
 * The quiz page (ADR 019, ADR 027): runs the attempt as its child (systemId quizAttempt) and
 * stands between it and continual authentication: an identity prompt pauses the answering and its
 * close resumes it (the server's deadline goes on: the prompt is part of the exam's time); an
 * exam whose start needs an identity check asks for one (`requestIdentityCheck`, provided by the
 * route: the continual-auth prompt) and tells the child when it passed or was cancelled.
 */
export const quizMachine = setup({
  types: {
    input: {} as QuizInput,
    context: {} as QuizContext,
    events: {} as QuizEvent,
    children: {} as { attempt: 'attempt' },
  },
  // The child tells its parent when an exam's start needs an identity check.
  actors: {
    attempt: quizAttemptMachine.provide({ actions: { askIdentity: sendParent({ type: 'attempt.identityRequired' }) } }),
    /** ADR 030: the server stops the attempt's clock (POST …/pause); a refusal changes nothing here. */
    pauseClock: fromPromise<unknown, { attemptId: string }>(notProvided('pauseClock')),
    /** ADR 030: the server gives the time back (POST …/resume) and answers the attempt with its deadline. */
    resumeClock: fromPromise<Attempt, { attemptId: string }>(notProvided('resumeClock')),
  },
  guards: {
    /** The prompt stopped a timed attempt being answered. */
    attemptPaused: ({ context }) => context.pausedAttemptId !== null,
  },
  actions: {
    /** Opens the identity prompt (continual authentication's manual check). */
    requestIdentityCheck: () => undefined,
    forward: sendTo('attempt', ({ event }) => event as EventObject as QuizAttemptEvent),
  },
}).createMachine({
  id: 'quiz',
  context: ({ input }) => ({ ...input, pausedAttemptId: null }),
  invoke: {
    id: 'attempt',
    systemId: 'quizAttempt',
    src: 'attempt',
    input: ({ context }) => ({ quizId: context.quizId, now: context.now, ...(context.index === undefined ? {} : { index: context.index }), ...(context.readJournal ? { readJournal: context.readJournal } : {}) }),
  },
  type: 'parallel',
  states: {
    /** The identity prompt of continual authentication, as it concerns the page. */
    prompt: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'auth.timer.pause': {
              target: 'open',
              actions: [sendTo('attempt', { type: 'pause' }), assign({ pausedAttemptId: ({ self }) => timedAttemptOf(self.getSnapshot().children.attempt) })],
            },
          },
        },
        /** A prompt with no timed attempt being answered: only the answering waits. */
        open: {
          always: { guard: 'attemptPaused', target: 'stopped' },
          on: { 'auth.timer.resume': { target: 'closed', actions: sendTo('attempt', { type: 'resume' }) } },
        },
        /** The clock stands (ADR 030): the answering waits, and so does time-up; the server is told. */
        stopped: {
          invoke: { src: 'pauseClock', input: ({ context }) => ({ attemptId: context.pausedAttemptId ?? '' }), onError: {} },
          on: { 'auth.timer.resume': 'resuming' },
        },
        /** The server moves the deadline on; only then does the answering (and its clock) go on. */
        resuming: {
          invoke: {
            src: 'resumeClock',
            input: ({ context }) => ({ attemptId: context.pausedAttemptId ?? '' }),
            onDone: {
              target: 'closed',
              actions: [
                sendTo('attempt', ({ event }) => ({ type: 'deadline.moved' as const, attemptId: event.output.id, deadlineAt: event.output.deadline_at, serverNow: event.output.server_now })),
                sendTo('attempt', { type: 'resume' }),
                assign({ pausedAttemptId: null }),
              ],
            },
            // Offline: the answering goes on with the deadline it knows (shorter, never longer); the
            // server ends the pause on the next save once the identity check is on its record.
            onError: { target: 'closed', actions: [sendTo('attempt', { type: 'resume' }), assign({ pausedAttemptId: null })] },
          },
        },
      },
    },
    /** An exam's start waits for an identity check. */
    identity: {
      initial: 'idle',
      states: {
        idle: { on: { 'attempt.identityRequired': { target: 'checking', actions: 'requestIdentityCheck' } } },
        checking: {
          on: {
            'identity.passed': { target: 'idle', actions: 'forward' },
            'identity.cancelled': { target: 'idle', actions: 'forward' },
          },
        },
      },
    },
  },
  on: {
    retry: { actions: 'forward' },
    start: { actions: 'forward' },
    'answer.choose': { actions: 'forward' },
    'answer.type': { actions: 'forward' },
    'answer.commit': { actions: 'forward' },
    'question.go': { actions: 'forward' },
    'timer.toggle': { actions: 'forward' },
    tick: { actions: 'forward' },
    'network.online': { actions: 'forward' },
    submit: { actions: 'forward' },
    'submit.confirm': { actions: 'forward' },
    'submit.cancel': { actions: 'forward' },
    retake: { actions: 'forward' },
  },
});

export type QuizMachine = typeof quizMachine;
