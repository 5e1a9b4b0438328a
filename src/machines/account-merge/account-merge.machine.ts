import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { MergeCompletePayload, MergePreview, MergeRequestPayload, MergeRequestResponse, MergeResult, MergeUndone } from '../../api/schemas/account-merge.schema';
import { failureMessage } from '../shared/submission-error';

// Issue 14, SPEC §4 account linking: the recruit → agent merge, both halves in one flow.
// The recruit's page (/merge): editing → requesting → sent ("check your email").
// The emailed link's page (/merge/verify?token=…): loadingPreview → preview (what moves, what
// conflicts) → the agent signs in → completing → done → (within the undo window) undoing → undone.

export interface AccountMergeContext {
  token: string | null;
  sent: MergeRequestResponse | null;
  preview: MergePreview | null;
  result: MergeResult | null;
  undone: MergeUndone | null;
  /** The undo token of the emailed undo link (the done page uses its result's). */
  undoToken: string | null;
  /** The server's message after a failure; null with a failed state means a generic failure. */
  error: string | null;
}

export type AgentSignIn = Omit<MergeCompletePayload, 'token'>;

export type AccountMergeEvent =
  | { type: 'form.submit'; payload: MergeRequestPayload }
  | { type: 'form.edit' }
  | { type: 'merge.confirm'; payload: AgentSignIn }
  /** Issue 43: the agent takes the merge back (the done page's undo, within the window). */
  | { type: 'merge.undo' }
  /** The undo link from the merge-done email opened its page with its token (issue 43). */
  | { type: 'undo.open'; undoToken: string }
  /** The emailed link's page opened with its token. */
  | { type: 'link.open'; token: string };

const missing = (name: string) => new Error(`${name} must be provided (src/routes/account-merge/account-merge.actor.ts)`);

export const accountMergeMachine = setup({
  types: {
    context: {} as AccountMergeContext,
    events: {} as AccountMergeEvent,
  },
  actors: {
    /** POST account_merge/request: the link goes to the company email. */
    requestMerge: fromPromise<MergeRequestResponse, MergeRequestPayload>(async () => {
      throw missing('requestMerge');
    }),
    /** POST account_merge/preview: what the link's merge would move. */
    loadPreview: fromPromise<MergePreview, { token: string }>(async () => {
      throw missing('loadPreview');
    }),
    /** POST account_merge/complete: the agent's sign-in; the merge runs. */
    completeMerge: fromPromise<MergeResult, MergeCompletePayload>(async () => {
      throw missing('completeMerge');
    }),
    /** POST account_merge/undo: the merge's undo token; both accounts as they were. */
    undoMerge: fromPromise<MergeUndone, { undo_token: string }>(async () => {
      throw missing('undoMerge');
    }),
  },
  actions: {
    clearError: assign({ error: null }),
    keepError: assign({ error: ({ event }) => failureMessage((event as { error?: unknown }).error) }),
  },
}).createMachine({
  id: 'accountMerge',
  initial: 'editing',
  context: { token: null, sent: null, preview: null, result: null, undone: null, undoToken: null, error: null },
  states: {
    editing: {
      on: {
        'form.submit': 'requesting',
        'link.open': { target: 'loadingPreview', actions: assign({ token: ({ event }) => event.token }) },
        'undo.open': { target: 'undoOffered', actions: assign({ undoToken: ({ event }) => event.undoToken }) },
      },
    },
    requesting: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'requestMerge',
        src: 'requestMerge',
        input: ({ event }) => {
          assertEvent(event, 'form.submit');
          return event.payload;
        },
        onDone: { target: 'sent', actions: assign({ sent: ({ event }) => event.output }) },
        onError: { target: 'requestFailed', actions: 'keepError' },
      },
    },
    requestFailed: {
      on: { 'form.edit': 'editing', 'form.submit': 'requesting' },
    },
    sent: { type: 'final' },
    loadingPreview: {
      tags: ['busy'],
      invoke: {
        id: 'loadPreview',
        src: 'loadPreview',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: { target: 'preview', actions: assign({ preview: ({ event }) => event.output }) },
        onError: { target: 'linkFailed', actions: 'keepError' },
      },
    },
    // A used, expired or unknown link, or an agent merged already: nothing more to do here.
    linkFailed: { type: 'final' },
    preview: {
      on: { 'merge.confirm': 'completing' },
    },
    completing: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'completeMerge',
        src: 'completeMerge',
        input: ({ context, event }) => {
          assertEvent(event, 'merge.confirm');
          return { token: context.token ?? '', ...event.payload };
        },
        onDone: { target: 'done', actions: assign({ result: ({ event }) => event.output }) },
        onError: { target: 'completeFailed', actions: 'keepError' },
      },
    },
    completeFailed: {
      on: { 'form.edit': 'preview', 'merge.confirm': 'completing' },
    },
    // The emailed undo link's page: the undo is offered (the server says whether it is still allowed).
    undoOffered: {
      on: { 'merge.undo': 'undoing' },
    },
    // The merge ran; its undo is offered until result.undo_until (the server judges the window).
    done: {
      on: { 'merge.undo': 'undoing' },
    },
    undoing: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'undoMerge',
        src: 'undoMerge',
        input: ({ context }) => ({ undo_token: context.result?.undo_token ?? context.undoToken ?? '' }),
        onDone: { target: 'undone', actions: assign({ undone: ({ event }) => event.output }) },
        onError: { target: 'undoFailed', actions: 'keepError' },
      },
    },
    // Too late, or undone already (in another tab): the message says so; trying again is offered.
    undoFailed: {
      on: { 'merge.undo': 'undoing' },
    },
    undone: { type: 'final' },
  },
});
