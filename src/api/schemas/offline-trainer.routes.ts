import { bearerSecurity, errorResponses, json, route } from '../route-contract';
import { courseIdParamSchema } from './courses.schema';
import { apiErrorSchema } from './error.schema';
import { offlineSessionCodesSchema } from './offline-trainer.schema';

// ADR 018 / ADR 031: the trainer's screen of a classroom session, declared once for the server, the client and the document.

export const getOfflineSessionCodesRoute = route({
  tags: ['offline-trainer'],
  security: bearerSecurity,
  method: 'get',
  path: '/api/offline_sessions/:id/codes',
  summary: "A session's check-in and check-out codes for the trainer's screen (the session's trainer only)",
  description: 'The codes change every minute; a code is accepted in its minute and the next. 403 (code Forbidden) for anyone but the session\'s trainer.',
  request: { params: courseIdParamSchema },
  responses: {
    200: json('The session, its course and both codes', offlineSessionCodesSchema),
    ...errorResponses.badRequest,
    ...errorResponses.unauthorized,
    ...errorResponses.forbiddenOr("not the session's trainer (code Forbidden), or two-factor missing"),
    404: json('No such session, or the offline course feature is off', apiErrorSchema),
  },
});

export const rotateOfflineSessionCodesRoute = route({
  tags: ['offline-trainer'],
  security: bearerSecurity,
  method: 'post',
  path: '/api/offline_sessions/:id/codes/rotate',
  summary: 'New codes: a new secret for the session, so every code shown before stops working at once (the session\'s trainer only)',
  request: { params: courseIdParamSchema },
  responses: {
    200: json('The session with its new codes', offlineSessionCodesSchema),
    ...errorResponses.badRequest,
    ...errorResponses.unauthorized,
    ...errorResponses.forbiddenOr("not the session's trainer (code Forbidden), XSRF or two-factor missing"),
    404: json('No such session, or the offline course feature is off', apiErrorSchema),
  },
});
