import { bearerSecurity, errorResponses, fullAuthErrors, json, route } from '../route-contract';
import {
  mockAnswerParamSchema,
  mockAttemptIdParamSchema,
  mockAttemptSchema,
  mockExamStatsSchema,
  mockPaperIdParamSchema,
  mockPaperListSchema,
  mockProgressSchema,
  mockRecordListSchema,
  savedMockAnswerSchema,
  startMockAttemptPayloadSchema,
} from './mock-exams.schema';
import { apiErrorSchema } from './error.schema';
import { quizResultSchema, saveAnswerPayloadSchema } from './quizzes.schema';

/** Issue 43: practice reveals answers, so it never runs beside an exam-mode attempt of the same paper. */
const examRunning = { 409: json('An exam-mode attempt of this paper is open (code MockExamRunning): practice waits until it is finished', apiErrorSchema) };

// ADR 018 / ADR 028: mock exams, declared once for the server, the client and the document. Every
// operation answers 404 while the mock exam feature flag is off (SPEC §9).

const common = { tags: ['mock exams'], security: bearerSecurity } as const;
export const listMockPapersRoute = route({
  ...common,
  method: 'get',
  path: '/api/mock_papers',
  summary: "The mock papers, with the caller's open practice and exam attempts",
  responses: { 200: json('Papers', mockPaperListSchema), ...fullAuthErrors, ...errorResponses.notFound },
});

export const startMockAttemptRoute = route({
  ...common,
  method: 'post',
  path: '/api/mock_papers/:id/attempts',
  summary: 'Start a practice or exam attempt of the paper, or return the one of that mode the caller has open',
  description:
    'Exam mode: the server fixes the deadline at the start (start + the paper’s time limit), and finishes an open practice attempt of the paper ' +
    '(practice reveals answers). Practice: untimed; refused (409, code MockExamRunning) while an exam-mode attempt of the paper is open.',
  request: { params: mockPaperIdParamSchema, body: startMockAttemptPayloadSchema },
  responses: { 200: json('The attempt', mockAttemptSchema), ...errorResponses.badRequest, ...fullAuthErrors, ...errorResponses.notFound, ...examRunning },
});

export const getMockAttemptRoute = route({
  ...common,
  method: 'get',
  path: '/api/mock_attempts/:id',
  summary: "One of the caller's mock attempts: questions, saved answers, practice reveals, and the result and review once an exam is finished",
  request: { params: mockAttemptIdParamSchema },
  responses: { 200: json('The attempt', mockAttemptSchema), ...errorResponses.badRequest, ...fullAuthErrors, ...errorResponses.notFound },
});

export const saveMockAnswerRoute = route({
  ...common,
  method: 'put',
  path: '/api/mock_attempts/:id/answers/:questionId',
  summary: 'Save one answer; the highest seq wins; in practice mode the answer comes back with the question’s correct answer and explanation',
  description:
    'Refused: more choices than the question allows or an option that is not the question’s (400), ' +
    'an attempt finished or past its deadline plus grace (403, code QuizTimeUp or QuizSubmitted), ' +
    'a practice answer while an exam-mode attempt of the paper is open (409, code MockExamRunning).',
  request: { params: mockAnswerParamSchema, body: saveAnswerPayloadSchema },
  responses: { 200: json('The stored answer and, in practice, its reveal', savedMockAnswerSchema), ...errorResponses.badRequest, ...fullAuthErrors, ...errorResponses.notFound, ...examRunning },
});

export const submitMockAttemptRoute = route({
  ...common,
  method: 'post',
  path: '/api/mock_attempts/:id/submit',
  summary: 'Finish the attempt and score it on the server; a repeat answers the same result',
  request: { params: mockAttemptIdParamSchema },
  responses: { 200: json('The result', quizResultSchema), ...errorResponses.badRequest, ...fullAuthErrors, ...errorResponses.notFound },
});

export const listMockRecordsRoute = route({
  ...common,
  method: 'get',
  path: '/api/mock_exams/records',
  summary: "The caller's finished exam-mode attempts, newest first",
  responses: { 200: json('Records', mockRecordListSchema), ...fullAuthErrors, ...errorResponses.notFound },
});

export const getMockProgressRoute = route({
  ...common,
  method: 'get',
  path: '/api/mock_exams/progress',
  summary: "The caller's progress per topic of the question bank",
  responses: { 200: json('Progress per topic', mockProgressSchema), ...fullAuthErrors, ...errorResponses.notFound },
});

export const getMockExamStatsRoute = route({
  ...common,
  method: 'get',
  path: '/api/mock_exams/stats',
  summary: 'SPEC §7: average_score, passed_attempts, total_attempts over the caller’s finished exam-mode attempts',
  responses: { 200: json('Stats', mockExamStatsSchema), ...fullAuthErrors, ...errorResponses.notFound },
});
