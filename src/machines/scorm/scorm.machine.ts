import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import type { ScormCommitPayload, ScormCommitResult, ScormRuntime } from '../../api/schemas/scorm.schema';

// Issue 13, ADR 029: the SCORM launcher of one course item. The runtime (scorm-again) lives in
// this window; the package runs in a popup; every commit of the SCO goes to the server numbered
// (launch, seq) and counts as saved only when the server confirmed it. The effects (the popup,
// the API object, the requests) are provided by src/routes/scorm/scorm.actor.ts.

/** What the SCO's data says at one commit (the machine numbers it). */
export type ScormData = Omit<ScormCommitPayload, 'launch' | 'seq' | 'finished'>;

/** Why a call failed, as the machine needs it: try again later, or the server refused (with its text). */
export type ScormProblem = { kind: 'offline' } | { kind: 'refused'; message: string | null };

export const SCORM_RETRY_MS = 5000;
/** How often the opener looks whether the popup is still open (ADR 029: no close event to rely on). */
export const POPUP_POLL_MS = 500;

export interface ScormInput {
  itemId: string;
}

export interface ScormContext {
  itemId: string;
  /** The server's answer to this launch's GET (resume data, launch number). */
  runtime: ScormRuntime | null;
  /** The seq of the newest commit the SCO made in this launch. */
  seq: number;
  /** The newest commit not yet confirmed by the server (a whole snapshot: it contains the older ones). */
  pending: ScormCommitPayload | null;
  /** The seq of the commit on its way to the server. */
  inFlight: number;
  /** The highest seq the server confirmed for this launch. */
  confirmed: number;
  /** The newest data of this launch (finishing for the SCO sends it with finished: true). */
  last: ScormData | null;
  /** The server's verdict after the last confirmed commit (ADR 029: completion counts only by its rules). */
  counted: boolean;
  /** The server's message after a refused call; null: the view's generic text. */
  error: string | null;
}

export type ScormEvent =
  | { type: 'open' }
  | { type: 'retry' }
  | { type: 'popup.opened' }
  | { type: 'popup.blocked' }
  | { type: 'popup.closed' }
  | { type: 'sco.commit'; data: ScormData }
  | { type: 'sco.finish'; data: ScormData }
  | { type: 'network.online' };

const problemOf = (event: unknown): ScormProblem => ((event as { error?: ScormProblem }).error?.kind === 'refused' ? (event as { error: ScormProblem }).error : { kind: 'offline' });
const messageOf = (event: unknown) => {
  const p = problemOf(event);
  return p.kind === 'refused' ? p.message : null;
};

/** The next commit of this launch: the SCO's data, numbered. */
function numbered(context: ScormContext, data: ScormData, finished: boolean): Partial<ScormContext> {
  const seq = context.seq + 1;
  return { seq, last: data, pending: { ...data, launch: context.runtime?.launch ?? 0, seq, finished } };
}

/**
 * idle → opening (the popup, in the click) → blocked (retry) | loading (GET runtime, the library)
 * → running (sync: idle | committing | offline | refused) → finishing (the last commit, finished,
 * confirmed) → closed → (open again: a new launch resumes from the server's data); a failed load
 * offers retry.
 */
export const scormMachine = setup({
  types: {
    context: {} as ScormContext,
    events: {} as ScormEvent,
    input: {} as ScormInput,
  },
  actions: {
    /** Opens the popup synchronously (a browser allows it only in the click) and answers popup.opened / popup.blocked. */
    openPopup: () => {},
    /** Closes a popup whose launch could not start. */
    closePopup: () => {},
    queueCommit: assign(({ context, event }) => (event.type === 'sco.commit' ? numbered(context, event.data, false) : {})),
    /**
     * Tells the wiring which numbered commit the SCO's call just made (context.pending), so that the
     * SCO's LMSCommit / LMSFinish can answer "true" only once the server holds it (ADR 029).
     */
    commitNumbered: () => {},
    confirm: assign(({ context, event }) => {
      const result = (event as unknown as { output: ScormCommitResult }).output;
      const mine = result.launch === context.runtime?.launch;
      return { confirmed: mine ? Math.max(context.confirmed, result.seq) : context.confirmed, counted: result.counted_complete, error: null };
    }),
  },
  actors: {
    loadRuntime: fromPromise<ScormRuntime, string>(async () => {
      throw new Error('loadRuntime must be provided (src/routes/scorm/scorm.actor.ts)');
    }),
    /** Installs the API in this window, points the popup at the package, watches the popup; sends sco.commit, sco.finish, popup.closed. */
    connectApi: fromCallback<EventObject, ScormRuntime>(() => () => {}),
    sendCommit: fromPromise<ScormCommitResult, ScormCommitPayload>(async () => {
      throw new Error('sendCommit must be provided (src/routes/scorm/scorm.actor.ts)');
    }),
  },
  guards: {
    newerPending: ({ context }) => context.pending !== null && context.pending.seq > context.inFlight,
    hasData: ({ context }) => context.last !== null,
    refused: ({ event }) => problemOf(event).kind === 'refused',
  },
  delays: { retry: SCORM_RETRY_MS },
}).createMachine({
  id: 'scorm',
  initial: 'idle',
  context: ({ input }) => ({ itemId: input.itemId, runtime: null, seq: 0, pending: null, inFlight: 0, confirmed: 0, last: null, counted: false, error: null }),
  states: {
    idle: { on: { open: 'opening' } },
    opening: {
      entry: ['openPopup'],
      on: { 'popup.opened': 'loading', 'popup.blocked': 'blocked' },
    },
    // SPEC §8 "popup blocked": the retry is a new click, so the browser allows it. Nothing was sent.
    blocked: { on: { retry: 'opening' } },
    loading: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'loadRuntime',
        src: 'loadRuntime',
        input: ({ context }) => context.itemId,
        onDone: {
          target: 'running',
          actions: assign(({ event }) => ({ runtime: event.output, seq: 0, pending: null, inFlight: 0, confirmed: 0, last: null, counted: event.output.counted_complete })),
        },
        onError: { target: 'loadFailed', actions: ['closePopup', assign({ error: ({ event }) => messageOf(event) })] },
      },
    },
    loadFailed: { on: { retry: 'opening' } },
    running: {
      initial: 'idle',
      invoke: { id: 'connectApi', src: 'connectApi', input: ({ context }) => context.runtime! },
      on: {
        // The newest snapshot replaces an unsent older one; it goes when the one on its way is confirmed, or at the retry.
        'sco.commit': { actions: ['queueCommit', 'commitNumbered'] },
        'sco.finish': { actions: [assign(({ context, event }) => numbered(context, event.data, true)), 'commitNumbered'], target: 'finishing' },
        // The popup's own X: the launcher finishes for the SCO with its newest data (ADR 029 a).
        'popup.closed': [{ guard: 'hasData', actions: assign(({ context }) => numbered(context, context.last!, true)), target: 'finishing' }, { target: 'closed' }],
      },
      states: {
        idle: { on: { 'sco.commit': { actions: ['queueCommit', 'commitNumbered'], target: 'committing' } } },
        committing: {
          entry: assign({ inFlight: ({ context }) => context.pending?.seq ?? 0 }),
          invoke: {
            id: 'sendCommit',
            src: 'sendCommit',
            input: ({ context }) => context.pending!,
            onDone: [
              { guard: 'newerPending', target: 'committing', reenter: true, actions: 'confirm' },
              { target: 'idle', actions: ['confirm', assign({ pending: null })] },
            ],
            onError: [
              { guard: 'refused', target: 'refused', actions: assign({ pending: null, error: ({ event }) => messageOf(event) }) },
              { target: 'offline' },
            ],
          },
        },
        offline: { after: { retry: 'committing' }, on: { 'network.online': 'committing' } },
        // The server refused a commit (too large, a launch it never started): shown; the next commit is sent.
        refused: { on: { 'sco.commit': { actions: ['queueCommit', 'commitNumbered'], target: 'committing' } } },
      },
    },
    finishing: {
      tags: ['busy'],
      initial: 'sending',
      states: {
        sending: {
          entry: assign({ inFlight: ({ context }) => context.pending?.seq ?? 0 }),
          invoke: {
            id: 'sendCommit',
            src: 'sendCommit',
            input: ({ context }) => context.pending!,
            onDone: { target: '#scorm.closed', actions: ['confirm', assign({ pending: null })] },
            onError: [
              { guard: 'refused', target: '#scorm.closed', actions: assign({ pending: null, error: ({ event }) => messageOf(event) }) },
              { target: 'waiting' },
            ],
          },
        },
        waiting: { after: { retry: 'sending' }, on: { 'network.online': 'sending' } },
      },
    },
    closed: { on: { open: 'opening' } },
  },
});
