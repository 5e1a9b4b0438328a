import { RECORD_EXISTS_MESSAGE } from '../../config/constants';
import { bearerSecurity, errorResponses, json, route } from '../route-contract';
import { onScreenItemParamSchema, onScreenLogPayloadSchema, onScreenTotalResponseSchema } from './on-screen-time.schema';
import { onScreenCreditSchema } from './viewings.schema';
import { courseTotalPath } from './on-screen-time.paths';

// ADR 018: on-screen time (SPEC §7, ADR 010, 012), declared once for the server, the client and the document.

export const recordExistsDescription = `the key was already recorded: exactly {status_code: 403, message: '${RECORD_EXISTS_MESSAGE}'} (never translated; the client treats it as success)`;

/** A record's answer: the seconds claimed, credited, and why fewer (items and attachments alike). */
export const creditedResponse = { 200: json('Recorded: the seconds claimed, credited, and why fewer', onScreenCreditSchema) } as const;

const common = { tags: ['on-screen time'], security: bearerSecurity } as const;

export const putItemLogRoute = route({
  ...common,
  method: 'put',
  path: '/api/on_screen_log/:id',
  summary: 'Record seconds an item (id) was on screen, once per key; enrols in its course and may complete it',
  description:
    'Refused (400) when the duration is longer than the time since the key (plus 5 s), the key is in the future, the viewing is not the caller’s of this item, or the course is completed. ' +
    'Only seconds inside the viewing, not credited before, and (with continual authentication) under a recent identity check are credited (ADR 012).',
  request: { params: onScreenItemParamSchema, body: onScreenLogPayloadSchema },
  responses: {
    ...creditedResponse,
    ...errorResponses.badRequest,
    ...errorResponses.unauthorized,
    ...errorResponses.forbiddenOr(recordExistsDescription),
    ...errorResponses.notFound,
  },
});

export const getCourseTotalRoute = route({
  ...common,
  method: 'get',
  path: courseTotalPath,
  summary: 'The caller’s on-screen seconds in a course (items and attachments), or ["Course has already completed"]',
  request: { params: onScreenItemParamSchema },
  responses: {
    200: json('The total, or the completed form', onScreenTotalResponseSchema),
    ...errorResponses.badRequest,
    ...errorResponses.unauthorized,
    ...errorResponses.forbiddenOr('two-factor is required and this session has not passed it'),
    ...errorResponses.notFound,
  },
});
