import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { SubmissionError } from '../shared/submission-error';
import { edgePaths, replayRuns } from '../testing/model-coverage';
import { CERTIFICATE_VERIFICATION, GENUINE_CODE, STATEMENT_VERIFICATION } from './cpd-statement.fixtures';
import { cpdStatementMachine, type CpdStatementContext } from './cpd-statement.machine';
import { cpdStatementOracle } from './cpd-statement.oracle';
import { selectCpdStatementView, type CpdStatementSnapshot } from './cpd-statement.selectors';

// Model-based (DESIGN §4, ADR 022): every state and transition of the /verify machine, replayed into
// a live actor whose server calls the test settles by hand, checked at each step against the oracle
// written from the issue (cpd-statement.oracle.ts) and the view's invariants.

type TestEvent = EventObject & Record<string, unknown>;
const events: TestEvent[] = [
  { type: 'code.edit', code: '' },
  { type: 'code.edit', code: 'abcd-efgh-jklm' },
  { type: 'code.edit', code: 'not a code' },
  { type: 'submit' },
  { type: 'retry' },
  { type: 'xstate.done.actor.verifyCode', output: STATEMENT_VERIFICATION },
  { type: 'xstate.done.actor.verifyCode', output: CERTIFICATE_VERIFICATION },
  { type: 'xstate.done.actor.verifyCode', output: null },
  { type: 'xstate.error.actor.verifyCode', error: new SubmissionError('Too many failed attempts. Please try again in 5 s.') },
  { type: 'xstate.error.actor.verifyCode', error: new TypeError('Failed to fetch') },
];

const ctx = (s: AnyMachineSnapshot) => s.context as CpdStatementContext;
const serializeState = (s: AnyMachineSnapshot) => JSON.stringify({ value: s.value, code: ctx(s).code, checked: ctx(s).checked, kind: ctx(s).verification?.kind ?? null, error: ctx(s).error });

const paths = edgePaths(cpdStatementMachine, { serializeState, events: (s) => events.filter((e) => s.can(e)) });

describe('cpd-statement (/verify) machine, model-based', () => {
  it(`replays ${paths.length} generated paths against the issue’s table; every state and transition is covered`, async () => {
    const result = await replayRuns(cpdStatementMachine, [{ paths }], {
      actorIds: ['verifyCode'],
      events,
      oracle: cpdStatementOracle as never,
      check: (live, { event }, calls) => {
        const view = selectCpdStatementView(live as CpdStatementSnapshot);
        // What is sent is the typed code, normalised: never a malformed one.
        for (const call of calls('verifyCode')) expect(call).toEqual({ code: GENUINE_CODE });
        if (view.status === 'genuine') expect(view.verification).toEqual(ctx(live).verification);
        else expect(view.verification).toBeNull();
        if (event.type === 'xstate.error.actor.verifyCode') expect(view.failure).toEqual(event.error instanceof SubmissionError ? { kind: 'server', message: event.error.message } : { kind: 'generic' });
        expect(view.malformed).toBe(ctx(live).code === 'not a code');
        // What is typed is what the form shows, whatever was checked before.
        if (event.type === 'code.edit') expect(view.code).toBe(event.code);
        expect(JSON.stringify(view)).not.toContain('Failed to fetch');
        expect(live.hasTag('busy')).toBe(live.matches('checking'));
      },
    });
    expect(result.paths).toBeGreaterThan(5);
    expect(result.uncovered).toEqual({ states: [], transitions: [] });
  });

  it('starts with the code of the address (/verify/<code>)', () => {
    const snapshot = cpdStatementMachine.resolveState({ value: 'idle', context: { code: GENUINE_CODE, checked: null, verification: null, error: null } });
    expect(selectCpdStatementView(snapshot)).toMatchObject({ status: 'idle', code: GENUINE_CODE, canSubmit: true, malformed: false });
  });
});
