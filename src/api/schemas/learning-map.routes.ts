import { bearerSecurity, errorResponses, fullAuthErrors, json, route } from '../route-contract';
import { apiErrorSchema } from './error.schema';
import {
  learningMapAssignPayloadSchema,
  learningMapAssignResultSchema,
  learningMapCatalogueSchema,
  learningMapDetailSchema,
  learningMapIdParamSchema,
  learningMapListSchema,
} from './learning-map.schema';

// ADR 018, issue 47 (ADR 098): the learning-map endpoints, declared once for the server, the client
// and the document. A learner reads their own maps only; a manager assigns to their own downlines.
// With the feature off (SPEC §9: off in the spec's configuration) every one answers 404.

const common = { tags: ['learning-map'], security: bearerSecurity } as const;
const off = { 404: json('Not found: not one of your maps, no such map, or the learning map feature is off', apiErrorSchema) };

export const getLearningMapRoute = route({
  ...common,
  method: 'get',
  path: '/api/learning-map',
  summary: "The signed-in learner's learning maps with progress, and their history (finished or expired maps)",
  responses: { 200: json('The maps and the history', learningMapListSchema), ...fullAuthErrors, ...off },
});

export const getLearningMapCatalogueRoute = route({
  ...common,
  method: 'get',
  path: '/api/learning-map/catalogue',
  summary: "The maps a manager may assign, the manager's downlines and who holds which (managers only)",
  responses: {
    200: json('The maps and the downlines', learningMapCatalogueSchema),
    ...errorResponses.unauthorized,
    ...errorResponses.forbiddenOr('the caller is not a manager'),
    ...off,
  },
});

export const getLearningMapDetailRoute = route({
  ...common,
  method: 'get',
  path: '/api/learning-map/:id',
  summary: "One of the learner's maps, each item's state judged by the server's clock and records",
  request: { params: learningMapIdParamSchema },
  responses: { 200: json('The map and its items', learningMapDetailSchema), ...errorResponses.badRequest, ...fullAuthErrors, ...off },
});

export const assignLearningMapRoute = route({
  ...common,
  method: 'post',
  path: '/api/learning-map/:id/assignments',
  summary: "Assign the map to some of the manager's own downlines (at most 10 at once)",
  description: 'Managers only; any user who is not the caller\'s downline refuses the whole request (403). An assignment already there is kept as it was (listed in `already`).',
  request: { params: learningMapIdParamSchema, body: learningMapAssignPayloadSchema },
  responses: {
    200: json('Who was assigned, who had it already', learningMapAssignResultSchema),
    ...errorResponses.badRequest,
    ...errorResponses.unauthorized,
    ...errorResponses.forbiddenOr('the caller is not a manager, or someone chosen is not their downline'),
    ...off,
    ...errorResponses.payloadTooLarge,
  },
});
