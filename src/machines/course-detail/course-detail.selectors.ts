import type { SnapshotFrom } from 'xstate';
import type { CourseDetail } from '../../api/schemas/courses.schema';
import { failureView, type FailureView } from '../shared/submission-error';
import type { courseDetailMachine } from './course-detail.machine';

export type CourseDetailSnapshot = SnapshotFrom<typeof courseDetailMachine>;

export interface CourseDetailViewModel {
  status: 'loading' | 'ready' | 'failed';
  course: CourseDetail | null;
  failure: FailureView;
  likeBusy: boolean;
  /** A refused like: its message, or the generic one; null when none. */
  likeFailure: FailureView;
  enrolBusy: boolean;
  enrolFailure: FailureView;
}

export function selectCourseDetailView(snapshot: CourseDetailSnapshot): CourseDetailViewModel {
  const { course, error, likeError, enrolError } = snapshot.context;
  const status = snapshot.matches('ready') ? 'ready' : snapshot.matches('failed') ? 'failed' : 'loading';
  return {
    status,
    course,
    failure: failureView(status === 'failed', error),
    likeBusy: snapshot.matches({ ready: { like: 'saving' } }),
    likeFailure: failureView(likeError !== null, likeError || null),
    enrolBusy: snapshot.matches({ ready: { enrolment: 'enrolling' } }),
    enrolFailure: failureView(enrolError !== null, enrolError || null),
  };
}
