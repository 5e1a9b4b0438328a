import { callRoute } from './call-route';
import type { CallOptions } from './list-query';
import {
  getAttemptRoute,
  getQuizRoute,
  listCourseQuizzesRoute,
  listQuizRecordsRoute,
  pauseAttemptRoute,
  resumeAttemptRoute,
  saveAnswerRoute,
  startAttemptRoute,
  submitAttemptRoute,
} from './schemas/quizzes.routes';
import type { Attempt, QuizRecordList, QuizResult, QuizSummary, SaveAnswerPayload, SavedAnswer } from './schemas/quizzes.schema';

// Quizzes and examinations (issue 13, ADR 025): the server owns the attempt, its deadline and the score.

export function listCourseQuizzes(courseId: string, { signal }: CallOptions = {}): Promise<QuizSummary[]> {
  return callRoute(listCourseQuizzesRoute, { params: { id: courseId }, signal });
}

export function getQuiz(quizId: string, { signal }: CallOptions = {}): Promise<QuizSummary> {
  return callRoute(getQuizRoute, { params: { id: quizId }, signal });
}

/** Starts an attempt, or returns the one already open (never two). */
export function startAttempt(quizId: string): Promise<Attempt> {
  return callRoute(startAttemptRoute, { params: { id: quizId } });
}

export function getAttempt(attemptId: string, { signal }: CallOptions = {}): Promise<Attempt> {
  return callRoute(getAttemptRoute, { params: { id: attemptId }, signal });
}

/** Saves one answer; the server keeps the highest `seq`, so replaying a journal is safe. */
export function saveAnswer(attemptId: string, questionId: string, payload: SaveAnswerPayload): Promise<SavedAnswer> {
  return callRoute(saveAnswerRoute, { params: { id: attemptId, questionId }, body: payload });
}

/** Finishes the attempt; a repeat answers the same result. */
export function submitAttempt(attemptId: string): Promise<QuizResult> {
  return callRoute(submitAttemptRoute, { params: { id: attemptId } });
}

export function listQuizRecords(quizId: string, { signal }: CallOptions = {}): Promise<QuizRecordList> {
  return callRoute(listQuizRecordsRoute, { params: { id: quizId }, signal });
}

/** ADR 030: the identity prompt opened during a timed attempt; answers wait until resume. */
export function pauseAttempt(attemptId: string): Promise<Attempt> {
  return callRoute(pauseAttemptRoute, { params: { id: attemptId } });
}

/** ADR 030: the prompt closed; answers the attempt with the deadline the server moved on. */
export function resumeAttempt(attemptId: string): Promise<Attempt> {
  return callRoute(resumeAttemptRoute, { params: { id: attemptId } });
}
