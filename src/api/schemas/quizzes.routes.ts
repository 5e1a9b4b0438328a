import { bearerSecurity, errorResponses, fullAuthErrors, json, route } from '../route-contract';
import { apiErrorSchema } from './error.schema';
import { courseIdParamSchema } from './courses.schema';
import {
  answerParamSchema,
  attemptIdParamSchema,
  attemptSchema,
  quizIdParamSchema,
  quizRecordListSchema,
  quizResultSchema,
  quizSummaryListSchema,
  quizSummarySchema,
  saveAnswerPayloadSchema,
  savedAnswerSchema,
} from './quizzes.schema';

// ADR 018 / ADR 025: quizzes and examinations, declared once for the server, the client and the document.

const common = { tags: ['quizzes'], security: bearerSecurity } as const;
export const listCourseQuizzesRoute = route({
  ...common,
  method: 'get',
  path: '/api/courses/:id/quizzes',
  summary: "The course's quizzes and examinations with the caller's availability, attempts and best result",
  request: { params: courseIdParamSchema },
  responses: { 200: json('Quizzes, in course order', quizSummaryListSchema), ...errorResponses.badRequest, ...fullAuthErrors, ...errorResponses.notFound },
});

export const getQuizRoute = route({
  ...common,
  method: 'get',
  path: '/api/quizzes/:id',
  summary: "A quiz or examination with the caller's availability (its intro page)",
  request: { params: quizIdParamSchema },
  responses: { 200: json('The quiz', quizSummarySchema), ...errorResponses.badRequest, ...fullAuthErrors, ...errorResponses.notFound },
});

export const startAttemptRoute = route({
  ...common,
  method: 'post',
  path: '/api/quizzes/:id/attempts',
  summary: 'Start an attempt, or return the one the caller has open (a double click or two tabs never make two)',
  description:
    'The server fixes the deadline: min(start + time limit + the caller’s extra time, closing time). ' +
    'Refused (403, translated) when the quiz is not available: course not completed, closed, already submitted (SPEC §8), no attempts left; ' +
    'an examination with continual authentication on also needs an identity check passed in the last few minutes (code IdentityCheckRequired).',
  request: { params: quizIdParamSchema },
  responses: {
    200: json('The attempt: the one already open, or a new one', attemptSchema),
    ...errorResponses.badRequest,
    ...fullAuthErrors,
    ...errorResponses.notFound,
  },
});

export const getAttemptRoute = route({
  ...common,
  method: 'get',
  path: '/api/quiz_attempts/:id',
  summary: "One of the caller's attempts with its questions and saved answers (and result and review once finished)",
  description: 'An open attempt past its deadline is finished first, with the answers saved until then.',
  request: { params: attemptIdParamSchema },
  responses: { 200: json('The attempt', attemptSchema), ...errorResponses.badRequest, ...fullAuthErrors, ...errorResponses.notFound },
});

export const saveAnswerRoute = route({
  ...common,
  method: 'put',
  path: '/api/quiz_attempts/:id/answers/:questionId',
  summary: 'Save one answer as it is given; idempotent; the highest seq wins',
  description:
    'A stale seq (lower than or equal to the stored one) changes nothing and answers the stored answer. ' +
    'Refused: more choices than the question allows (400, SPEC §8 maximum choices exceeded), an option that is not the question’s (400), ' +
    'an attempt finished or past its deadline plus grace (403, code QuizTimeUp or QuizSubmitted; for a multiple-choice question of an attempt the learner submitted, QuizMultipleChoiceSubmitted, SPEC §8).',
  request: { params: answerParamSchema, body: saveAnswerPayloadSchema },
  responses: {
    200: json('The answer the server holds', savedAnswerSchema),
    ...errorResponses.badRequest,
    ...fullAuthErrors,
    ...errorResponses.notFound,
    409: json('The attempt is paused for an identity prompt (code QuizPaused, ADR 030): send it again after the resume', apiErrorSchema),
  },
});

export const submitAttemptRoute = route({
  ...common,
  method: 'post',
  path: '/api/quiz_attempts/:id/submit',
  summary: 'Finish the attempt and score it on the server; a repeat answers the same result',
  description: 'Unanswered questions, required or not, never block it. Within the grace after the deadline it is still the learner’s submission.',
  request: { params: attemptIdParamSchema },
  responses: { 200: json('The result', quizResultSchema), ...errorResponses.badRequest, ...fullAuthErrors, ...errorResponses.notFound },
});

export const listQuizRecordsRoute = route({
  ...common,
  method: 'get',
  path: '/api/quizzes/:id/attempts',
  summary: "The caller's finished attempts of the quiz, newest first (quiz and examination records)",
  request: { params: quizIdParamSchema },
  responses: { 200: json('Records', quizRecordListSchema), ...errorResponses.badRequest, ...fullAuthErrors, ...errorResponses.notFound },
});

// ADR 030: an identity prompt during a timed attempt stops its clock; the server gives the time back
// from its own records (the pause's start, the passed identity check), at most a cap per prompt.
export const pauseAttemptRoute = route({
  ...common,
  method: 'post',
  path: '/api/quiz_attempts/:id/pause',
  summary: 'An identity prompt opened during a timed attempt: answers wait until it is resumed',
  description:
    'A repeat while paused changes nothing. Refused (409, code QuizPauseRefused) when continual authentication is off, the attempt has no ' +
    'deadline, its deadline has passed, or more pauses were asked than prompts can come (one per minimum interval since the start). ' +
    'While paused, answers are refused (409, code QuizPaused) and the attempt is not finished by its deadline, for at most 5 minutes.',
  request: { params: attemptIdParamSchema },
  responses: { 200: json('The attempt, paused', attemptSchema), ...errorResponses.badRequest, ...fullAuthErrors, ...errorResponses.notFound, 409: json('Not paused: continual authentication off, untimed, past the deadline, or too many pauses (code QuizPauseRefused)', apiErrorSchema) },
});

export const resumeAttemptRoute = route({
  ...common,
  method: 'post',
  path: '/api/quiz_attempts/:id/resume',
  summary: 'The identity prompt closed: the deadline moves on by the time from the pause to the identity check passed after it (at most 5 minutes)',
  description: 'No passed identity check after the pause: no time is given back. A repeat, or an attempt not paused, changes nothing.',
  request: { params: attemptIdParamSchema },
  responses: { 200: json('The attempt with its deadline', attemptSchema), ...errorResponses.badRequest, ...fullAuthErrors, ...errorResponses.notFound },
});
