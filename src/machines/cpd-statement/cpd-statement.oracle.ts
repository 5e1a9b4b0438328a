import { normalizeVerificationCode } from '../../config/cpd-verification-code';
import { stateName, type Oracle, type OracleEvent, type OracleRow } from '../testing/model-coverage';
import { selectCpdStatementView, type CpdStatementSnapshot } from './cpd-statement.selectors';

// ADR 022: the /verify page as issue 45 describes it, written from the issue, not read off the
// machine. A code is checked only when it can be one; the server's answer is genuine, or not
// genuine (a 404: unknown or malformed), or a failure that may be tried again. Typing a new code
// after an answer starts over.

const sendable = (_: OracleEvent, s: CpdStatementSnapshot) => (normalizeVerificationCode(s.context.code) !== null ? 'checking' : null);
const answered = (e: OracleEvent) => (e.output === null ? 'notGenuine' : 'genuine');

const table: Record<string, OracleRow<CpdStatementSnapshot>> = {
  idle: { 'code.edit': 'idle', submit: sendable },
  checking: { 'xstate.done.actor.verifyCode': answered, 'xstate.error.actor.verifyCode': 'failed' },
  genuine: { 'code.edit': 'idle' },
  notGenuine: { 'code.edit': 'idle' },
  failed: { retry: 'checking', 'code.edit': 'idle' },
};

export const cpdStatementOracle: Oracle<CpdStatementSnapshot> = {
  state: (s) => stateName(s.value),
  table,
  offers: (s) => {
    const view = selectCpdStatementView(s);
    return { submit: view.canSubmit, retry: view.status === 'failed', 'code.edit': view.status !== 'checking' };
  },
};
