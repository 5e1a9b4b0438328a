import { sendParent, sendTo, setup, type EventObject } from 'xstate';
import { quizAttemptMachine, type Clock, type QuizAttemptEvent, type UnsentAnswer } from '../quiz-attempt/quiz-attempt.machine';

export interface QuizInput {
  quizId: string;
  now: Clock;
  index?: number;
  readJournal?: (attemptId: string) => UnsentAnswer[];
}

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
    context: {} as QuizInput,
    events: {} as QuizEvent,
    children: {} as { attempt: 'attempt' },
  },
  // The child tells its parent when an exam's start needs an identity check.
  actors: { attempt: quizAttemptMachine.provide({ actions: { askIdentity: sendParent({ type: 'attempt.identityRequired' }) } }) },
  actions: {
    /** Opens the identity prompt (continual authentication's manual check). */
    requestIdentityCheck: () => undefined,
    forward: sendTo('attempt', ({ event }) => event as EventObject as QuizAttemptEvent),
  },
}).createMachine({
  id: 'quiz',
  context: ({ input }) => input,
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
        closed: { on: { 'auth.timer.pause': { target: 'open', actions: sendTo('attempt', { type: 'pause' }) } } },
        open: { on: { 'auth.timer.resume': { target: 'closed', actions: sendTo('attempt', { type: 'resume' }) } } },
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
