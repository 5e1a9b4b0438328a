import { bearerSecurity, errorResponses, json, route } from '../route-contract';
import { courseIdParamSchema } from './courses.schema';
import { apiErrorSchema } from './error.schema';
import { attendanceSchema, checkCodePayloadSchema, enrolPayloadSchema, myOfflineEnrolmentsQuerySchema, offlineEnrolmentListResponseSchema, offlineEnrolmentSchema } from './offline-enrolments.schema';

// ADR 018 / ADR 031: a learner's offline enrolments, declared once for the server, the client and the document.

const common = { tags: ['offline-enrolments'], security: bearerSecurity } as const;
const notFound = { 404: json("Not found (another learner's enrolment is not found either), or the offline course feature is off", apiErrorSchema) };

export const enrolOfflineRoute = route({
  ...common,
  method: 'post',
  path: '/api/offline_courses/:id/enrolments',
  summary: 'Apply for a classroom course: pending until the upline decides, or confirmed at once when it needs no approval',
  description:
    'One transaction per seat decision on the locked course row (ADR 031): pending and confirmed hold a seat. ' +
    'Refused: terms not accepted (400); a prerequisite not met (403 code OfflinePrerequisiteNotMet, each unmet one named); ' +
    'before the application date or after the enrolment deadline (403 code OfflineEnrolmentClosed); already enrolled (409 code OfflineAlreadyEnrolled); ' +
    'no seat left and join_waiting_list not set (409 code OfflineNoQuota). With join_waiting_list the answer is the waiting enrolment.',
  request: { params: courseIdParamSchema, body: enrolPayloadSchema },
  responses: {
    200: json('The new enrolment: pending, confirmed or waiting', offlineEnrolmentSchema),
    ...errorResponses.badRequest,
    ...errorResponses.unauthorized,
    403: json('Missing or wrong X-XSRF-TOKEN, two-factor missing, a prerequisite not met, or enrolment not open', apiErrorSchema),
    ...notFound,
    409: json('Already enrolled, or no quota left', apiErrorSchema),
  },
});

export const cancelOfflineEnrolmentRoute = route({
  ...common,
  method: 'post',
  path: '/api/offline_enrolments/:id/cancel',
  summary: "Cancel the caller's pending, confirmed or waiting enrolment until the course's cancellation deadline",
  description:
    'A freed seat goes to the first in the waiting list in the same transaction: pending when the course needs approval, confirmed otherwise; they are notified. ' +
    'Refused: after the cancellation deadline (403 code OfflineCancelClosed); already rejected or cancelled (409 code OfflineNotCancellable).',
  request: { params: courseIdParamSchema },
  responses: {
    200: json('The cancelled enrolment', offlineEnrolmentSchema),
    ...errorResponses.badRequest,
    ...errorResponses.unauthorized,
    ...errorResponses.forbiddenOr('two-factor missing, or past the cancellation deadline'),
    ...notFound,
    409: json('Not cancellable (already rejected or cancelled)', apiErrorSchema),
  },
});

export const listMyOfflineEnrolmentsRoute = route({
  ...common,
  method: 'get',
  path: '/api/offline_enrolments',
  summary: "The caller's offline enrolments and history, newest request first",
  request: { query: myOfflineEnrolmentsQuerySchema },
  responses: {
    200: json('A page of enrolments', offlineEnrolmentListResponseSchema),
    ...errorResponses.badRequest,
    ...errorResponses.unauthorized,
    ...errorResponses.forbiddenOr('two-factor is required and this session has not passed it'),
    ...notFound,
  },
});

const checkDescription = (which: string) =>
  `Only with a confirmed enrolment in the session's course, inside the session's window (server clock). Refused: a wrong ${which} code (400 code OfflineWrongCode); ` +
  'outside the window (403 code OfflineSessionNotOpen); not confirmed (403 code OfflineNotEnrolled); ' +
  'already done, or check-out before check-in (409 code OfflineAttendanceState). The code changes every minute; this minute\'s and the last one\'s are accepted. ' +
  'Wrong codes count per learner and session (check-in and check-out together): after a few, each further try waits (429 code RateLimited, Retry-After).';

export const checkInRoute = route({
  ...common,
  method: 'post',
  path: '/api/offline_sessions/:id/check_in',
  summary: 'Check in to a session with the code the trainer’s screen shows (once per learner)',
  description: checkDescription('check-in'),
  request: { params: courseIdParamSchema, body: checkCodePayloadSchema },
  responses: {
    200: json('The attendance', attendanceSchema),
    ...errorResponses.badRequest,
    ...errorResponses.unauthorized,
    403: json('XSRF or two-factor missing, the window is not open, or the enrolment is not confirmed', apiErrorSchema),
    ...notFound,
    409: json('Already checked in', apiErrorSchema),
    429: json('Too many wrong codes from this learner for this session: code RateLimited; Retry-After gives the seconds to wait', apiErrorSchema),
  },
});

export const checkOutRoute = route({
  ...common,
  method: 'post',
  path: '/api/offline_sessions/:id/check_out',
  summary: 'Check out of a session with the trainer’s check-out code; records the attendance time',
  description: checkDescription('check-out'),
  request: { params: courseIdParamSchema, body: checkCodePayloadSchema },
  responses: {
    200: json('The attendance with its minutes', attendanceSchema),
    ...errorResponses.badRequest,
    ...errorResponses.unauthorized,
    403: json('XSRF or two-factor missing, the window is not open, or the enrolment is not confirmed', apiErrorSchema),
    ...notFound,
    429: json('Too many wrong codes from this learner for this session: code RateLimited; Retry-After gives the seconds to wait', apiErrorSchema),
    409: json('Not checked in, or already checked out', apiErrorSchema),
  },
});
