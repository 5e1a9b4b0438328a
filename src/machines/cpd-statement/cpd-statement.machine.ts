import { assign, fromPromise, setup } from 'xstate';
import type { CpdVerification } from '../../api/schemas/cpd-statement.schema';
import { normalizeVerificationCode } from '../../config/cpd-verification-code';

// Issue 45 (ADR 085): the public /verify page. Anyone (signed in or not) types the code printed on a
// CPD statement or certificate, or opens /verify/<code>; the server answers genuine (for whom, for
// what) or not genuine. idle → checking → genuine | notGenuine | failed (retry). A code that cannot
// be one (wrong length or letters) is not sent: the form says so.

export interface CpdStatementContext {
  /** The code as typed. */
  code: string;
  /** The code last checked, as sent (normalised). */
  checked: string | null;
  verification: CpdVerification | null;
  /** A failure's message from the server (too many lookups, offline …); null: the view's own text. */
  error: string | null;
}

export type CpdStatementEvent = { type: 'code.edit'; code: string } | { type: 'submit' } | { type: 'retry' };

/**
 * `verifyCode` (provided by src/routes/cpd-statement/cpd-statement.actor.ts): the server's
 * answer, or null when the code is not genuine (404); it rejects on anything else.
 */
export const cpdStatementMachine = setup({
  types: {
    context: {} as CpdStatementContext,
    events: {} as CpdStatementEvent,
    input: {} as { code?: string } | undefined,
  },
  actors: {
    verifyCode: fromPromise<CpdVerification | null, { code: string }>(async () => {
      throw new Error('verifyCode must be provided (src/routes/cpd-statement/cpd-statement.actor.ts)');
    }),
  },
  guards: {
    wellFormed: ({ context }) => normalizeVerificationCode(context.code) !== null,
    /** The server's answer was a paper (not null: not genuine). */
    isGenuine: (_, params: { output: CpdVerification | null }) => params.output !== null,
  },
  actions: {
    edit: assign({ code: ({ event }) => (event.type === 'code.edit' ? event.code : ''), verification: null, error: null }),
  },
}).createMachine({
  id: 'cpdStatement',
  initial: 'idle',
  context: ({ input }) => ({ code: input?.code ?? '', checked: null, verification: null, error: null }),
  states: {
    idle: {
      on: { 'code.edit': { actions: 'edit' }, submit: { guard: 'wellFormed', target: 'checking' } },
    },
    checking: {
      tags: ['busy'],
      entry: assign({ checked: ({ context }) => normalizeVerificationCode(context.code) }),
      invoke: {
        id: 'verifyCode',
        src: 'verifyCode',
        input: ({ context }) => ({ code: context.checked! }),
        onDone: [
          { guard: { type: 'isGenuine', params: ({ event }) => ({ output: event.output }) }, target: 'genuine', actions: assign({ verification: ({ event }) => event.output }) },
          { target: 'notGenuine' },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => (event.error instanceof Error && 'serverMessage' in event.error ? (event.error.serverMessage as string | null) : null) }) },
      },
    },
    genuine: { on: { 'code.edit': { target: 'idle', actions: 'edit' } } },
    notGenuine: { on: { 'code.edit': { target: 'idle', actions: 'edit' } } },
    failed: { on: { retry: 'checking', 'code.edit': { target: 'idle', actions: 'edit' } } },
  },
});
