import { assign, fromPromise, setup } from 'xstate';
import type { ExamCertificate } from '../../api/schemas/exam-certificate.schema';

/** Why there is no certificate to show: the attempt is unknown (or someone else's), the server
 * refused it (not passed, not finished, not an examination: its translated message), or the call failed. */
export type CertificateFailureReason = 'not_found' | 'refused' | 'failed';

/** What `loadCertificate` rejects with (the route classifies the API error; the machine never imports it). */
export class CertificateFailure extends Error {
  constructor(
    readonly reason: CertificateFailureReason,
    /** A message the server (or the API layer) already translated; null → the view's own generic text. */
    readonly serverMessage: string | null,
  ) {
    super(serverMessage ?? reason);
    this.name = 'CertificateFailure';
  }
}

export interface ExamCertificateContext {
  attemptId: string;
  certificate: ExamCertificate | null;
  failure: { reason: CertificateFailureReason; message: string | null } | null;
}

export type ExamCertificateEvent = { type: 'retry' };

const failureOf = (error: unknown): ExamCertificateContext['failure'] =>
  error instanceof CertificateFailure ? { reason: error.reason, message: error.serverMessage } : { reason: 'failed', message: null };

/**
 * The certificate page (SPEC §3): loading → shown | notFound | refused | failed (retry). Only a
 * failure of the call can be retried: a refusal or an unknown attempt stays what it is.
 * `loadCertificate` is provided by the route and rejects with a CertificateFailure.
 */
export const examCertificateMachine = setup({
  types: {
    context: {} as ExamCertificateContext,
    events: {} as ExamCertificateEvent,
    input: {} as { attemptId: string },
  },
  actors: {
    loadCertificate: fromPromise<ExamCertificate, string>(async () => {
      throw new Error('loadCertificate must be provided (src/routes/exam-certificate/exam-certificate.actor.ts)');
    }),
  },
  guards: {
    notFound: ({ event }) => failureOf((event as { error?: unknown }).error)?.reason === 'not_found',
    refused: ({ event }) => failureOf((event as { error?: unknown }).error)?.reason === 'refused',
  },
}).createMachine({
  id: 'examCertificate',
  initial: 'loading',
  context: ({ input }) => ({ attemptId: input.attemptId, certificate: null, failure: null }),
  states: {
    loading: {
      tags: ['busy'],
      entry: assign({ failure: null }),
      invoke: {
        id: 'loadCertificate',
        src: 'loadCertificate',
        input: ({ context }) => context.attemptId,
        onDone: { target: 'shown', actions: assign({ certificate: ({ event }) => event.output }) },
        onError: [
          { guard: 'notFound', target: 'notFound' },
          { guard: 'refused', target: 'refused', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
          { target: 'failed', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
        ],
      },
    },
    shown: { type: 'final' },
    notFound: { type: 'final' },
    refused: { type: 'final' },
    failed: { on: { retry: 'loading' } },
  },
});
