import type { EvidenceReplay, EvidenceReplayAsk, ReplayStep, ReplayStepKind, ReplayTransition } from '../../api/schemas/evidence-replay.schema';
import { evidenceReplayMachine, type EvidenceReplayContext } from './evidence-replay.machine';
import { selectEvidenceReplayView, type EvidenceReplayViewModel } from './evidence-replay.selectors';

// Sample answers of GET /api/cpd/evidence-replay/:userId for the machine's tests and the stories
// (issue 46): agent01's day with a lesson viewing, a passed password check and credited time.

// The server's mapping of the kinds used here (REPLAY_TRANSITIONS), as the server answers it.
const TRANSITIONS: Partial<Record<ReplayStepKind, ReplayTransition>> = {
  viewing_opened: { machine: 'lesson', from: 'item.viewing.opening', event: 'viewing.begun', to: 'item.viewing.open' },
  identity_passed: { machine: 'continual-auth', from: 'prompting.checking', event: 'done: checkIdentity', to: 'prompting.done' },
  identity_failed: { machine: 'continual-auth', from: 'prompting.checking', event: 'error: checkIdentity', to: 'prompting.failed' },
  time_credited: { machine: 'on-screen-time', from: 'outbox.flushing', event: 'done: flushOutbox', to: 'outbox.idle' },
  time_trimmed: { machine: 'on-screen-time', from: 'outbox.flushing', event: 'done: flushOutbox', to: 'outbox.idle' },
  quiz_started: { machine: 'quiz-attempt', from: 'starting', event: 'done: startAttempt', to: 'answering' },
  quiz_passed: { machine: 'quiz-attempt', from: 'finished', event: 'always [passed]', to: 'passed' },
};

const step = (kind: ReplayStepKind, at: string, subject: string | null, figures: ReplayStep['detail']['figures'] = {}): ReplayStep => {
  const t = TRANSITIONS[kind]!;
  return { at, machine: t.machine, from_state: t.from, event: t.event, to_state: t.to, detail: { kind, subject, figures } };
};

export const DAY_ASK: EvidenceReplayAsk = { userId: '2', day: '2026-11-20' };
export const COURSE_ASK: EvidenceReplayAsk = { userId: '2', courseId: '7' };

const user = { id: '2', name: 'Chan Tai Man', agent_code: 'agent01' };
const dayScope = { day: '2026-11-20', course_id: null, offline_course_id: null, title: null };

/** Three steps: viewing opened → identity check passed → time credited. */
export const DAY_REPLAY: EvidenceReplay = {
  user,
  scope: dayScope,
  steps: [
    step('viewing_opened', '2026-11-20T01:00:00.000Z', 'What is money laundering?'),
    step('identity_passed', '2026-11-20T01:01:00.000Z', null, { check_type: 'password' }),
    step('time_credited', '2026-11-20T01:10:00.000Z', 'What is money laundering?', { claimed_seconds: 540, credited_seconds: 540, covered_by: 'identity_check' }),
  ],
};

/** A course's quiz, with trimmed time and a failed check. */
export const COURSE_REPLAY: EvidenceReplay = {
  user,
  scope: { day: null, course_id: '7', offline_course_id: null, title: 'Anti-Money Laundering Essentials' },
  steps: [
    step('identity_failed', '2026-11-21T02:00:00.000Z', null, { check_type: 'otp' }),
    step('time_trimmed', '2026-11-21T02:05:00.000Z', 'Know your customer', { claimed_seconds: 600, credited_seconds: 420, covered_by: 'sign_in' }),
    step('quiz_started', '2026-11-21T03:00:00.000Z', 'AML quiz'),
    step('quiz_passed', '2026-11-21T03:20:00.000Z', 'AML quiz', { score: 8, full_marks: 10 }),
  ],
};

export const EMPTY_REPLAY: EvidenceReplay = { user, scope: dayScope, steps: [] };

const base: EvidenceReplayContext = { ask: DAY_ASK, replay: null, index: 0, error: null };

export function replayView(value: Parameters<typeof evidenceReplayMachine.resolveState>[0]['value'], context: Partial<EvidenceReplayContext> = {}): EvidenceReplayViewModel {
  return selectEvidenceReplayView(evidenceReplayMachine.resolveState({ value, context: { ...base, ...context } }));
}
