import { z } from 'zod/mini';
import { idTextSchema, text } from './bounds.schema';
import { FIRST_DAY, LAST_DAY } from './day.schema';

// Issue 46 ("Beyond"), ADR 097: a learner's evidence replayed on the state diagrams. The server maps
// each record it ALREADY stores (viewings, on-screen records and their credited spans, identity
// checks, quiz attempts and answers, classroom enrolments and attendance) to the transition of the
// client machine it stands for; the auditor's page steps through them on that machine's diagram.

/** The machines a step lands on (their folders in src/machines). */
export const REPLAY_MACHINES = ['lesson', 'on-screen-time', 'continual-auth', 'quiz-attempt', 'offline-enrolment'] as const;
export type ReplayMachine = (typeof REPLAY_MACHINES)[number];

/** What a stored record says happened (each kind has its text in the evidence-replay namespace). */
export const REPLAY_STEP_KINDS = [
  'viewing_opened',
  'time_credited',
  'time_trimmed',
  'identity_passed',
  'identity_failed',
  'quiz_started',
  'quiz_answered',
  'quiz_submitted',
  'quiz_timed_out',
  'quiz_passed',
  'quiz_failed',
  'enrolment_requested',
  'enrolment_approved',
  'enrolment_rejected',
  'enrolment_cancelled',
  'checked_in',
  'checked_out',
] as const;
export type ReplayStepKind = (typeof REPLAY_STEP_KINDS)[number];

export interface ReplayTransition {
  machine: ReplayMachine;
  /** Dot paths of state nodes under the machine's root, as the machine names them. */
  from: string;
  /** The transition as its diagram labels it (docs/machines/<machine>.md). */
  event: string;
  to: string;
}

/**
 * Which transition of which machine each kind of record stands for. One table, read by the server
 * (to answer) and by a client test that resolves every path in the real machine, so a renamed
 * state fails a test instead of lighting nothing on the diagram.
 */
export const REPLAY_TRANSITIONS: Record<ReplayStepKind, ReplayTransition> = {
  viewing_opened: { machine: 'lesson', from: 'item.viewing.opening', event: 'viewing.begun', to: 'item.viewing.open' },
  time_credited: { machine: 'on-screen-time', from: 'outbox.flushing', event: 'done: flushOutbox', to: 'outbox.idle' },
  time_trimmed: { machine: 'on-screen-time', from: 'outbox.flushing', event: 'done: flushOutbox', to: 'outbox.idle' },
  identity_passed: { machine: 'continual-auth', from: 'prompting.checking', event: 'done: checkIdentity', to: 'prompting.done' },
  identity_failed: { machine: 'continual-auth', from: 'prompting.checking', event: 'error: checkIdentity', to: 'prompting.failed' },
  quiz_started: { machine: 'quiz-attempt', from: 'starting', event: 'done: startAttempt', to: 'answering' },
  quiz_answered: { machine: 'quiz-attempt', from: 'answering.sync.saving', event: 'done: sendAnswers', to: 'answering.sync.idle' },
  quiz_submitted: { machine: 'quiz-attempt', from: 'submitting.posting', event: 'done: submitAttempt', to: 'fetchingResult' },
  quiz_timed_out: { machine: 'quiz-attempt', from: 'answering', event: 'tick [timeUp]', to: 'submitting' },
  quiz_passed: { machine: 'quiz-attempt', from: 'finished', event: 'always [passed]', to: 'passed' },
  quiz_failed: { machine: 'quiz-attempt', from: 'finished', event: 'always', to: 'failed' },
  enrolment_requested: { machine: 'offline-enrolment', from: 'submitting', event: 'done: enrol', to: 'pending' },
  enrolment_approved: { machine: 'offline-enrolment', from: 'settling', event: 'always [isConfirmed]', to: 'confirmed' },
  enrolment_rejected: { machine: 'offline-enrolment', from: 'settling', event: 'always [isRejected]', to: 'rejected' },
  enrolment_cancelled: { machine: 'offline-enrolment', from: 'settling', event: 'always [isCancelled]', to: 'cancelled' },
  checked_in: { machine: 'offline-enrolment', from: 'checking', event: 'done: checkCode', to: 'confirmed' },
  checked_out: { machine: 'offline-enrolment', from: 'checking', event: 'done: checkCode', to: 'confirmed' },
};

/** A Hong Kong calendar day that exists (2026-02-30 does not) and whose whole span the database can
 * hold: a Hong Kong day begins at 16:00 UTC the day before, so the first storable day is excluded. */
const calendarDay = text().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation:evidence_replay_day_invalid' }),
  z.refine((d: string) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), {
    error: 'validation:evidence_replay_day_invalid',
  }),
  z.refine((d: string) => d > FIRST_DAY && d <= LAST_DAY, { error: 'validation:evidence_replay_day_invalid' }),
);

export const evidenceReplayParamsSchema = z.object({ userId: idTextSchema });

/** Exactly one of: a Hong Kong day, an e-learning course, a classroom course. */
export const evidenceReplayQuerySchema = z
  .object({
    day: z.optional(calendarDay),
    course_id: z.optional(idTextSchema),
    offline_course_id: z.optional(idTextSchema),
  })
  .check(
    z.refine((q) => [q.day, q.course_id, q.offline_course_id].filter((v) => v !== undefined).length === 1, {
      error: 'validation:evidence_replay_one_filter',
    }),
  );
export type EvidenceReplayQuery = z.infer<typeof evidenceReplayQuerySchema>;

/** What the auditor's page asks to replay (ADR 097): a Hong Kong day, or one course (e-learning or classroom). */
export type EvidenceReplayAsk = { userId: string } & ({ day: string } | { courseId: string } | { offlineCourseId: string });

export const replayStepSchema = z.object({
  /** Server time of the record (ISO). */
  at: z.string(),
  machine: z.enum(REPLAY_MACHINES),
  from_state: z.string(),
  event: z.string(),
  to_state: z.string(),
  detail: z.object({
    kind: z.enum(REPLAY_STEP_KINDS),
    /** What it was about: the item, quiz or course title in the caller's language (null: none). */
    subject: z.nullable(z.string()),
    /** Figures of the record: claimed/credited seconds, a check's type, a score. */
    figures: z.record(z.string(), z.union([z.string(), z.number()])),
  }),
});
export type ReplayStep = z.infer<typeof replayStepSchema>;

export const evidenceReplaySchema = z.object({
  user: z.object({ id: z.string(), name: z.string(), agent_code: z.string() }),
  /** What was asked: a day, or a course and its title. */
  scope: z.object({ day: z.nullable(z.string()), course_id: z.nullable(z.string()), offline_course_id: z.nullable(z.string()), title: z.nullable(z.string()) }),
  steps: z.array(replayStepSchema),
});
export type EvidenceReplay = z.infer<typeof evidenceReplaySchema>;
