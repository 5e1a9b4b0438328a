import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CpdVerification } from '../../api/schemas/cpd-statement.schema';
import { SubmissionError } from '../shared/submission-error';
import { waitFor } from '../testing/wait-for';
import { GENUINE_CODE, STATEMENT_VERIFICATION } from './cpd-statement.fixtures';
import { cpdStatementMachine } from './cpd-statement.machine';
import { selectCpdStatementView } from './cpd-statement.selectors';

/** The machine with a server that answers from a list of outcomes, one per call. */
function start(outcomes: ('genuine' | 'unknown' | 'fail')[], code = '') {
  const sent: string[] = [];
  const verifyCode = fromPromise<CpdVerification | null, { code: string }>(async ({ input }) => {
    sent.push(input.code);
    const outcome = outcomes.shift();
    if (outcome === 'fail') throw new SubmissionError('Too many failed attempts. Please try again in 5 s.');
    return outcome === 'genuine' ? STATEMENT_VERIFICATION : null;
  });
  return { actor: createActor(cpdStatementMachine.provide({ actors: { verifyCode } }), { input: { code } }).start(), sent };
}

describe('cpd-statement (/verify) machine', () => {
  it('checks a typed code as the server knows it (upper case, no dashes) and shows for whom', async () => {
    const { actor, sent } = start(['genuine']);
    expect(actor.getSnapshot().can({ type: 'submit' })).toBe(false);
    actor.send({ type: 'code.edit', code: 'abcd-efgh-jklm' });
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('genuine'));
    expect(sent).toEqual([GENUINE_CODE]);
    expect(selectCpdStatementView(actor.getSnapshot())).toMatchObject({ status: 'genuine', checked: 'ABCD-EFGH-JKLM', verification: STATEMENT_VERIFICATION });
  });

  it('starts with the code of the address; an unknown one is not genuine; typing again starts over', async () => {
    const { actor } = start(['unknown'], GENUINE_CODE);
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('notGenuine'));
    actor.send({ type: 'code.edit', code: 'x' });
    expect(selectCpdStatementView(actor.getSnapshot())).toMatchObject({ status: 'idle', malformed: true, canSubmit: false, verification: null });
  });

  it('a failure says the server’s words and may be tried again', async () => {
    const { actor, sent } = start(['fail', 'genuine'], GENUINE_CODE);
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectCpdStatementView(actor.getSnapshot()).failure).toEqual({ kind: 'server', message: 'Too many failed attempts. Please try again in 5 s.' });
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('genuine'));
    expect(sent).toEqual([GENUINE_CODE, GENUINE_CODE]);
  });
});
