import { z } from 'zod/mini';
import { idTextSchema } from './bounds.schema';
import { COURSE_RECOMMENDATION_MAX } from '../../config/course-recommendation';

// Issue 48, ADR 103: a learner recommends a course to up to 10 colleagues; each gets a
// recommendation notification that opens the course. The answer names no recipient.

export { COURSE_RECOMMENDATION_MAX };

export const courseRecommendationParamsSchema = z.object({ id: idTextSchema });

/** Whom to recommend the course to: 1 to 10 user ids (a repeated id counts once). Its messages are
 * server texts, not validation ones: only the server reads this body, and the validation catalogue
 * is in the first page's bundle (first-page budget). */
export const courseRecommendationInputSchema = z.object({
  user_ids: z.array(idTextSchema, { error: 'server:course_recommendation_none' }).check(
    z.minLength(1, { error: 'server:course_recommendation_none' }),
    z.maxLength(COURSE_RECOMMENDATION_MAX, { error: 'server:course_recommendation_too_many' }),
  ),
});
export type CourseRecommendationInput = z.infer<typeof courseRecommendationInputSchema>;

/** How many colleagues were sent the recommendation now, and how many the caller had recommended
 * this course to before (they are not sent it twice). */
export const courseRecommendationResultSchema = z.object({
  recommended: z.int().check(z.nonnegative()),
  already_recommended: z.int().check(z.nonnegative()),
});
export type CourseRecommendationResult = z.infer<typeof courseRecommendationResultSchema>;
