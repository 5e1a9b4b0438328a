import { callRoute } from './call-route';
import type { CallOptions } from './list-query';
import {
  getMockAttemptRoute,
  getMockExamStatsRoute,
  getMockProgressRoute,
  listMockPapersRoute,
  listMockRecordsRoute,
  saveMockAnswerRoute,
  startMockAttemptRoute,
  submitMockAttemptRoute,
} from './schemas/mock-exams.routes';
import type { MockAttempt, MockExamStats, MockMode, MockPaper, MockRecord, MockTopicProgress, SavedMockAnswer } from './schemas/mock-exams.schema';
import type { QuizResult, SaveAnswerPayload } from './schemas/quizzes.schema';

// Mock exams (issue 13, ADR 028): practice and exam attempts of papers drawn from a question bank.

export function listMockPapers({ signal }: CallOptions = {}): Promise<MockPaper[]> {
  return callRoute(listMockPapersRoute, { signal });
}

/** Starts an attempt of that mode, or returns the one already open (never two). */
export function startMockAttempt(paperId: string, mode: MockMode): Promise<MockAttempt> {
  return callRoute(startMockAttemptRoute, { params: { id: paperId }, body: { mode } });
}

export function getMockAttempt(attemptId: string, { signal }: CallOptions = {}): Promise<MockAttempt> {
  return callRoute(getMockAttemptRoute, { params: { id: attemptId }, signal });
}

/** Saves one answer (the highest `seq` wins); in practice mode the answer comes back with its reveal. */
export function saveMockAnswer(attemptId: string, questionId: string, payload: SaveAnswerPayload): Promise<SavedMockAnswer> {
  return callRoute(saveMockAnswerRoute, { params: { id: attemptId, questionId }, body: payload });
}

export function submitMockAttempt(attemptId: string): Promise<QuizResult> {
  return callRoute(submitMockAttemptRoute, { params: { id: attemptId } });
}

export function listMockRecords({ signal }: CallOptions = {}): Promise<MockRecord[]> {
  return callRoute(listMockRecordsRoute, { signal });
}

export function getMockProgress({ signal }: CallOptions = {}): Promise<MockTopicProgress[]> {
  return callRoute(getMockProgressRoute, { signal });
}

/** SPEC §7 GET mock_exams/stats. */
export function getMockExamStats({ signal }: CallOptions = {}): Promise<MockExamStats> {
  return callRoute(getMockExamStatsRoute, { signal });
}
