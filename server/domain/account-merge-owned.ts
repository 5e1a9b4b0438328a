import { sql } from 'drizzle-orm';
import {
  attachmentLikes,
  attachmentProgress,
  courseEnrolments,
  cpdClaims,
  courseLikes,
  creditedSpans,
  feedbackResponses,
  identityChecks,
  mockAttempts,
  notifications,
  offlineAttendance,
  offlineEnrolments,
  onScreenLogs,
  quizAttempts,
  quizExtraTime,
  scormRuntime,
  viewings,
  readingNotes,
  vocabBookmarks,
} from '../db/schema';
import type { Combine, OwnedTable, Row } from './account-merge-rows';

// Issue 14 and 43: what a merge moves, and how two rows of one thing (both accounts have one) combine.

/** The further of two: a completion over a start; of two completions, the earlier. */
const earlier = (a: unknown, b: unknown) => (a == null ? b : b == null ? a : new Date(String(a)) < new Date(String(b)) ? a : b);
const later = (a: unknown, b: unknown) => (a == null ? b : b == null ? a : new Date(String(a)) > new Date(String(b)) ? a : b);
const changed = (agent: Row, wanted: Row): Row => Object.fromEntries(Object.entries(wanted).filter(([k, v]) => v !== agent[k]));
const keepAgents: Combine['resolve'] = () => ({});

/**
 * Issue 43: of a course both accounts are enrolled in, the further enrolment wins (completed over
 * in progress, the earlier completion), so the completion and its CPD hour stay in the period
 * they were earned in (the learning history counts by completed_at).
 */
function furtherEnrolment(recruit: Row, agent: Row): Row {
  const done = (r: Row) => r.status !== 'in_progress' && r.completed_at != null;
  const recruitWins = done(recruit) && (!done(agent) || new Date(String(recruit.completed_at)) < new Date(String(agent.completed_at)));
  return changed(agent, {
    enrolled_at: earlier(recruit.enrolled_at, agent.enrolled_at),
    ...(recruitWins ? { status: recruit.status, completed_at: recruit.completed_at } : {}),
  });
}

/** A SCORM item's runtime: the finished one wins (the earlier finish), with all it recorded. */
function furtherScorm(recruit: Row, agent: Row): Row {
  const recruitWins = recruit.finished_at != null && (agent.finished_at == null || new Date(String(recruit.finished_at)) < new Date(String(agent.finished_at)));
  if (!recruitWins) return {};
  const columns = ['completion', 'success', 'score_raw', 'score_min', 'score_max', 'location', 'suspend_data', 'cmi', 'finished_at', 'updated_at'];
  return changed(agent, Object.fromEntries(columns.map((c) => [c, recruit[c]])));
}

/**
 * Two active enrolments in one classroom course: the further one (confirmed, then pending, then
 * waiting) stays active, with its decision; the one person keeps one seat.
 */
function furtherClassroomEnrolment(recruit: Row, agent: Row): Row {
  const rank = (r: Row) => ['waiting', 'pending', 'confirmed'].indexOf(String(r.status));
  if (rank(recruit) <= rank(agent)) return {};
  const columns = ['status', 'source', 'terms_accepted_at', 'requested_at', 'decided_by', 'decided_at', 'decision_reason', 'promoted_at'];
  return changed(agent, Object.fromEntries(columns.map((c) => [c, recruit[c]])));
}

/**
 * THE list of what a merge moves: every record of the learner. A feature that adds a table with a
 * column referencing users.id adds it here or to NOT_MOVED (account-merge.test.ts fails until it does).
 * A table with a unique key per user says how two rows of one thing combine (issue 43); without
 * a rule (an open quiz attempt beside the agent's open one, a record with the same idempotency
 * key) the recruit's row stays with the recruit and the preview counts it as a conflict.
 */
export const OWNED_TABLES: OwnedTable[] = [
  { table: onScreenLogs, user: onScreenLogs.userId },
  { table: creditedSpans, user: creditedSpans.userId },
  { table: viewings, user: viewings.userId },
  // Issue 47: the recruit's reading notes are the learner's, like their viewings.
  { table: readingNotes, user: readingNotes.userId },
  { table: courseEnrolments, user: courseEnrolments.userId, combine: { key: ['course_id'], resolve: furtherEnrolment } },
  { table: courseLikes, user: courseLikes.userId, combine: { key: ['course_id'], resolve: keepAgents } },
  { table: attachmentLikes, user: attachmentLikes.userId, combine: { key: ['attachment_id'], resolve: keepAgents } },
  {
    table: attachmentProgress,
    user: attachmentProgress.userId,
    combine: {
      key: ['attachment_id'],
      resolve: (r, a) => changed(a, { completed_pages: Math.max(Number(r.completed_pages), Number(a.completed_pages)), finished_at: earlier(r.finished_at, a.finished_at) }),
    },
  },
  { table: identityChecks, user: identityChecks.userId },
  { table: notifications, user: notifications.userId },
  { table: cpdClaims, user: cpdClaims.userId },
  // One response per course: the agent's own stands.
  { table: feedbackResponses, user: feedbackResponses.userId, combine: { key: ['course_id'], resolve: keepAgents } },
  { table: quizAttempts, user: quizAttempts.userId },
  { table: quizExtraTime, user: quizExtraTime.userId, combine: { key: ['quiz_id'], resolve: (r, a) => changed(a, { minutes: Math.max(Number(r.minutes), Number(a.minutes)) }) } },
  { table: mockAttempts, user: mockAttempts.userId },
  { table: scormRuntime, user: scormRuntime.userId, combine: { key: ['item_id'], resolve: furtherScorm } },
  {
    table: offlineEnrolments,
    user: offlineEnrolments.userId,
    combine: { key: ['course_id'], only: sql`${sql.identifier('status')} in ('pending', 'confirmed', 'waiting')`, resolve: furtherClassroomEnrolment },
  },
  {
    table: offlineAttendance,
    user: offlineAttendance.userId,
    combine: {
      key: ['session_id'],
      resolve: (r, a) => changed(a, { checked_in_at: earlier(r.checked_in_at, a.checked_in_at), checked_out_at: later(r.checked_out_at, a.checked_out_at) }),
    },
  },
  { table: vocabBookmarks, user: vocabBookmarks.userId, combine: { key: ['vocab_id'], resolve: keepAgents } },
];

/** Columns referencing users.id that a merge leaves alone, each with the reason ("table.column"). */
export const NOT_MOVED: Record<string, string> = {
  // Issue 48 (ADR 103): the notification a recommendation sent moves with the recipient's notifications.
  'course_recommendations.sender_id': 'who recommended a course: the record that it was sent once, not a learning record',
  'course_recommendations.recipient_id': 'to whom it was sent once; the notification it sent moves with the notifications',
  'users.upline_id': "the recruit's upline is a property of the account, not a record; the agent keeps their own",
  'sessions.user_id': 'sign-in sessions belong to the device and the account that signed in',
  'password_reset_tokens.user_id': "reset links are for one account's password",
  'offline_enrolments.decided_by': 'who decided (a manager), not whose record it is',
  'cpd_claims.decided_by': 'the upline who decided the claim, not whose record it is',
  'cpd_licences.user_id': "the licence is the agent account's (a recruit holds none); the agent keeps theirs",
  'cpd_verifications.user_id': 'a verification code vouches for what was issued to that account at that time (its figures frozen); it stays verifiable as it was',
  'cpd_reminders_sent.user_id': 'the record of the reminders sent to that account, kept so none is sent twice; the agent account has its own',
  'learning_map_assignments.user_id': "a map is assigned to an account (the recruit's new-joiner maps); the agent keeps their own (ADR 098: moving them is a later step)",
  'learning_map_assignments.assigned_by': 'the manager who assigned the map, not whose record it is',
  'learning_map_reminders_sent.user_id': 'the record of the reminders sent to that account, kept so none is sent twice',
  'cpd_ledger_reads.reader_id': 'the audit of who read a ledger names the reader as they were',
  'cpd_ledger_reads.subject_id': 'the audit of whose ledger was read names them as they were',
  'recruit_accounts.user_id': 'how the recruit account was created: stays with it',
  'recruit_accounts.created_by': 'the manager who created the recruit account',
  'account_merge_requests.recruit_id': 'the merge requests themselves',
  'account_merge_requests.agent_id': 'the merge requests themselves',
  'account_merges.recruit_id': 'the audit of the merge names both sides',
  'account_merges.agent_id': 'the audit of the merge names both sides',
  'offline_sessions.trainer_id': 'the trainer who runs a classroom session, not a learner\'s record (a recruit is no trainer)',
  'profile_pictures.user_id': "the pictures behind the account's own icon_url and cover_url, which a merge leaves with it; the agent keeps theirs",
};
