import { useEffect, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { selectCourseRecommendationView } from '../../machines/course-recommendation/course-recommendation.selectors';
import { CourseRecommendationDialog } from '../../ui/course-recommendation/course-recommendation-dialog';
import { courseRecommendationRouteMachine } from './course-recommendation.actor';

export interface CourseRecommendationRouteProps {
  courseId: string;
  courseTitle: string;
  /** The signed-in learner (never offered as a recipient). */
  selfId: string;
  /** The dialog closed (the machine is back in `closed`): the page unmounts it. */
  onClosed: () => void;
}

/** Issue 48: the "Recommend" dialog of a course page, loaded when first wanted (course-recommendation-entry.tsx). */
export function CourseRecommendationRoute({ courseId, courseTitle, selfId, onClosed }: CourseRecommendationRouteProps) {
  const actor = useActorRef(courseRecommendationRouteMachine, { input: { courseId, selfId } });
  const view = useSelector(actor, selectCourseRecommendationView);
  useEffect(() => actor.send({ type: 'open' }), [actor]);
  // Closed after being open (Cancel, Escape, Close): the page lets the dialog go.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (view.open) wasOpen.current = true;
    else if (wasOpen.current) onClosed();
  }, [view.open, onClosed]);
  return (
    <CourseRecommendationDialog
      view={view}
      courseTitle={courseTitle}
      onQuery={(text) => actor.send({ type: 'query.change', text })}
      onMore={() => actor.send({ type: 'more' })}
      onRetrySearch={() => actor.send({ type: 'retry' })}
      onPick={(id) => actor.send({ type: 'pick', id })}
      onUnpick={(id) => actor.send({ type: 'unpick', id })}
      onSend={() => actor.send({ type: 'send' })}
      onClose={() => actor.send({ type: 'close' })}
    />
  );
}
