import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ExamCertificate } from '../../api/schemas/exam-certificate.schema';
import { sampleCertificate } from './exam-certificate.fixtures';
import { CertificateFailure, examCertificateMachine } from './exam-certificate.machine';

/** The machine with a load that answers from `answers`, one per call. */
function run(answers: Array<ExamCertificate | Error>) {
  const calls: string[] = [];
  const machine = examCertificateMachine.provide({
    actors: {
      loadCertificate: fromPromise<ExamCertificate, string>(async ({ input }) => {
        calls.push(input);
        const next = answers.shift()!;
        if (next instanceof Error) throw next;
        return next;
      }),
    },
  });
  const actor = createActor(machine, { input: { attemptId: '42' } }).start();
  return { actor, calls };
}

describe('exam-certificate machine', () => {
  it('loading → shown with the certificate of the attempt', async () => {
    const { actor, calls } = run([sampleCertificate]);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const done = await waitFor(actor, (s) => s.matches('shown'));
    expect(done.context.certificate).toEqual(sampleCertificate);
    expect(calls).toEqual(['42']);
  });

  it('404 → notFound; 409 → refused with the server message; neither retries', async () => {
    const missing = run([new CertificateFailure('not_found', null)]);
    expect((await waitFor(missing.actor, (s) => s.status === 'done')).value).toBe('notFound');
    const refused = run([new CertificateFailure('refused', 'This attempt was not passed.')]);
    const s = await waitFor(refused.actor, (x) => x.status === 'done');
    expect(s.value).toBe('refused');
    expect(s.context.failure).toEqual({ reason: 'refused', message: 'This attempt was not passed.' });
  });

  it('a failed call → failed (any other rejection has no message); retry loads again', async () => {
    const { actor, calls } = run([new Error('Failed to fetch'), sampleCertificate]);
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.failure).toEqual({ reason: 'failed', message: null });
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('shown'));
    expect(calls).toEqual(['42', '42']);
  });
});
