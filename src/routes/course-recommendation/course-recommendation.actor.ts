import { fromPromise } from 'xstate';
import { recommendCourse } from '../../api/course-recommendation.api';
import type { CourseRecommendationResult } from '../../api/schemas/course-recommendation.schema';
import type { FindUsersResponse } from '../../api/schemas/users.schema';
import { findUsers } from '../../api/users.api';
import { courseRecommendationMachine, type SearchInput, type SendInput } from '../../machines/course-recommendation/course-recommendation.machine';
import { withSubmissionError } from '../submission';

/** The one place the "Recommend" dialog's machine meets the API (DESIGN §2): a refusal rejects with the server's translated words. */
export const courseRecommendationRouteMachine = courseRecommendationMachine.provide({
  actors: {
    search: fromPromise<FindUsersResponse, SearchInput>(withSubmissionError((q: SearchInput) => findUsers({ name: q.name, page: q.page, per_page: q.perPage }))),
    send: fromPromise<CourseRecommendationResult, SendInput>(withSubmissionError((s: SendInput) => recommendCourse(s.courseId, s.userIds))),
  },
});
