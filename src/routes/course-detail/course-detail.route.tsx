import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { courseDetailSchema, courseIdParamSchema } from '../../api/schemas/courses.schema';
import { coursePath } from '../../api/schemas/courses.paths';
import { selectCourseDetailView } from '../../machines/course-detail/course-detail.selectors';
import { CourseDetailView } from '../../ui/courses/course-detail-view';
import { useContinualAuthFor } from '../continual-auth/continual-auth-provider';
import { courseContent } from '../continual-auth/learning-content';
import { CoursesNamespace } from '../courses/courses-namespace';
import { useFirstAnswer } from '../first-answer';
import { FeedbackFormsSection } from '../feedback-forms/feedback-forms.route';
import { CourseQuizzes } from '../quiz/course-quizzes';
import { ScormLauncher } from '../scorm/scorm-launcher';
import { CourseRecommendationEntry } from '../course-recommendation/course-recommendation-entry';
import { courseDetailRouteMachine } from './course-detail.actor';

function CoursePage({ id }: { id: string }) {
  const navigate = useNavigate();
  // The loader's first answer, when it arrived with the page's code: the machine starts with it (ADR 094).
  const course = useFirstAnswer({ path: coursePath, params: { id } }, courseDetailSchema);
  const actor = useActorRef(courseDetailRouteMachine, { input: { id, course } });
  const view = useSelector(actor, selectCourseDetailView);
  return (
    <CourseDetailView
      {...view}
      onLike={() => actor.send({ type: 'like.toggle' })}
      onEnrol={() => actor.send({ type: 'enrol' })}
      onRetry={() => actor.send({ type: 'retry' })}
      onNavigate={(to) => navigate(to)}
      renderScorm={(item) => <ScormLauncher key={item.id} itemId={item.id} title={item.title} />}
      recommend={view.course ? <CourseRecommendationEntry courseId={id} courseTitle={view.course.title} /> : null}
      extra={<CourseQuizzes courseId={id} after={view.course?.status === 'completed' ? <FeedbackFormsSection courseId={id} /> : null} />}
    />
  );
}

/** /course/:courseId — the course page; identity prompts (continual authentication) guard it. */
export default function CourseRoute() {
  const courseId = useParams().courseId ?? '';
  const { i18n } = useTranslation();
  const content = courseContent(courseId);
  useContinualAuthFor(content?.id ?? null, content ?? {});
  // An id the server would refuse is a page that does not exist.
  if (!courseIdParamSchema.safeParse({ id: courseId }).success) return <Navigate to="/not-found" replace />;
  return (
    <CoursesNamespace>
      {/* A new course or language is a new page: its texts come in the language of the request. */}
      <CoursePage key={`${courseId}:${i18n.language}`} id={courseId} />
    </CoursesNamespace>
  );
}
