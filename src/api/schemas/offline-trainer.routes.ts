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
  summary: "A session's check-in and check-out codes for the trainer's screen (roles trainer and manager)",
  request: { params: courseIdParamSchema },
  responses: {
    200: json('The session, its course and both codes', offlineSessionCodesSchema),
    ...errorResponses.badRequest,
    ...errorResponses.unauthorized,
    ...errorResponses.forbiddenOr('not a trainer or a manager, or two-factor missing'),
    404: json('No such session, or the offline course feature is off', apiErrorSchema),
  },
});
