import { bearerSecurity, errorResponses, json, route } from '../route-contract';
import { apiErrorSchema } from './error.schema';
import { feedbackCourseParamSchema, feedbackFormSchema, feedbackReceiptSchema, feedbackSubmissionSchema } from './feedback-forms.schema';

// ADR 018, ADR 026: evaluation and the feedback form of a course, declared once for the server, the
// client and the document.

const common = { tags: ['feedback-forms'], security: bearerSecurity } as const;

export const getFeedbackFormRoute = route({
  ...common,
  method: 'get',
  path: '/api/courses/:id/feedback-form',
  summary: 'The course’s evaluation and feedback form (texts in the request’s language) and the caller’s standing',
  description:
    'availability: `available` (course completed, nothing submitted), `course_incomplete` (questions empty), or `submitted` (with submitted_at). ' +
    'Only the caller’s own standing is answered; nobody reads another learner’s answers.',
  request: { params: feedbackCourseParamSchema },
  responses: {
    200: json('The form and the caller’s standing', feedbackFormSchema),
    ...errorResponses.badRequest,
    ...errorResponses.unauthorized,
    ...errorResponses.forbiddenOr('two-factor is required and this session has not passed it'),
    ...errorResponses.notFound,
  },
});

export const submitFeedbackFormRoute = route({
  ...common,
  method: 'post',
  path: '/api/courses/:id/feedback-form',
  summary: 'Submit the evaluation and the feedback answers of a completed course, once',
  description:
    'One submission per learner and course (unique in the database). A repeat with the same `key` (a double click, a retried request) answers the stored receipt (200); ' +
    'any other later submission is refused with 409. Refused with 403 before the course is completed; 400 for a missing required answer, a rating outside 1–5, ' +
    'an unknown question or option, an answer that does not fit its question, a text longer than 2000 characters or with NUL.',
  request: { params: feedbackCourseParamSchema, body: feedbackSubmissionSchema },
  responses: {
    200: json('Stored (or the same key again: the stored receipt)', feedbackReceiptSchema),
    ...errorResponses.badRequest,
    ...errorResponses.unauthorized,
    ...errorResponses.forbiddenOr('the course is not completed yet (translated), or two-factor is required and this session has not passed it'),
    ...errorResponses.notFound,
    409: json('Already submitted for this course (translated)', apiErrorSchema),
  },
});
