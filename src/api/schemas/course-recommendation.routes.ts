import { bearerSecurity, errorResponses, json, route } from '../route-contract';
import { courseRecommendationInputSchema, courseRecommendationParamsSchema, courseRecommendationResultSchema } from './course-recommendation.schema';

// ADR 018, ADR 103: the course-recommendation endpoint, declared once for the server, the client and the document.

export const postCourseRecommendationRoute = route({
  tags: ['course-recommendation'],
  security: bearerSecurity,
  method: 'post',
  path: '/api/courses/:id/recommendations',
  summary: 'Recommend a published course to up to 10 colleagues (learners); each gets one notification that opens it, once per colleague',
  request: { params: courseRecommendationParamsSchema, body: courseRecommendationInputSchema },
  responses: {
    200: json('How many were sent it now, and how many had it from the caller already', courseRecommendationResultSchema),
    ...errorResponses.badRequest,
    ...errorResponses.unauthorized,
    ...errorResponses.forbiddenOr('two-factor is required and this session has not passed it'),
    ...errorResponses.notFound,
  },
});
