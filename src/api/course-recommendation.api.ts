import { callRoute } from './call-route';
import type { CourseRecommendationResult } from './schemas/course-recommendation.schema';
import { postCourseRecommendationRoute } from './schemas/course-recommendation.routes';

/** Recommends course `courseId` to the colleagues `userIds` (ADR 103). */
export function recommendCourse(courseId: string, userIds: string[]): Promise<CourseRecommendationResult> {
  return callRoute(postCourseRecommendationRoute, { params: { id: courseId }, body: { user_ids: userIds } });
}
