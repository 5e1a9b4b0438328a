import { fromPromise } from 'xstate';
import { enrol, getCourse, likeCourse, unlikeCourse } from '../../api/courses.api';
import type { CourseDetail } from '../../api/schemas/courses.schema';
import { courseDetailMachine, type SaveLikeInput } from '../../machines/course-detail/course-detail.machine';
import { toSubmissionError } from '../submission';

async function submission<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw toSubmissionError(error);
  }
}

export const courseDetailRouteMachine = courseDetailMachine.provide({
  actors: {
    loadCourse: fromPromise<CourseDetail, string>(({ input, signal }) => submission(getCourse(input, { signal }))),
    saveLike: fromPromise<void, SaveLikeInput>(({ input }) => submission(input.liked ? likeCourse(input.id) : unlikeCourse(input.id))),
    enrolCourse: fromPromise<void, string>(({ input }) => submission(enrol(input))),
  },
});
