import { useEffect, useMemo, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { courseItemParamSchema, type CourseDetail, type CourseItem } from '../../api/schemas/course.schema';
import { selectCourseDetailView } from '../../machines/course-detail/course-detail.selectors';
import { onScreenTimerView, sameTimerView } from '../../machines/on-screen-timer/on-screen-timer.selectors';
import { LessonView, type LessonNeighbour } from '../../ui/lesson/lesson-view';
import { OnScreenTimerView } from '../../ui/on-screen-timer/on-screen-timer-view';
import { useContinualAuth, useContinualAuthFor } from '../continual-auth/continual-auth-provider';
import { lessonContent } from '../continual-auth/learning-content';
import { registerLearningControls } from '../continual-auth/learning-controls';
import { courseRouteMachine } from '../course/course.actor';
import { CoursesNamespace } from '../courses/courses-namespace';
import { LessonAttachment } from './lesson-attachment';
import { onScreenTimerLogic, openViewing, sendPendingTime, sendStoredRecords, watchPage } from './on-screen-timer.actor';

type TimerActor = ActorRefFrom<ReturnType<typeof onScreenTimerLogic>>;

interface Located {
  item: CourseItem;
  lessonTitle: string;
  previous: LessonNeighbour | null;
  next: LessonNeighbour | null;
}

function locate(course: CourseDetail, itemId: string): Located | null {
  const flat = course.lessons.flatMap((lesson) => lesson.items.map((item) => ({ item, lessonTitle: lesson.title })));
  const at = flat.findIndex((entry) => entry.item.id === itemId);
  if (at < 0) return null;
  const neighbour = (i: number): LessonNeighbour | null => (flat[i] ? { courseId: course.id, itemId: flat[i].item.id, title: flat[i].item.title } : null);
  return { ...flat[at], previous: neighbour(at - 1), next: neighbour(at + 1) };
}

const targetOf = (courseId: string, item: CourseItem) =>
  item.kind === 'attachment' && item.attachment ? { courseId, attachmentId: item.attachment.id } : { courseId, itemId: item.id };

/** The timer's own statuses, as its view shows them (no item yet reads as paused). */
function timerStatus(status: ReturnType<typeof onScreenTimerView>['status']) {
  if (status === 'idle') return 'loading' as const;
  if (status === 'stopped') return 'paused' as const;
  return status;
}

/** One item: the course (fresh progress) and the item's content; its record starts and ends with it. */
function LessonItem({ courseId, itemId, timer }: { courseId: string; itemId: string; timer: TimerActor }) {
  const detail = useActorRef(courseRouteMachine, { input: { id: courseId } });
  const { status, course } = useSelector(detail, selectCourseDetailView);
  const timerView = useSelector(timer, onScreenTimerView, sameTimerView);
  const located = course ? locate(course, itemId) : null;
  const item = located?.item ?? null;
  const [finished, setFinished] = useState(false);
  const [startSeconds, setStartSeconds] = useState<number | null>(null);

  const continualAuth = useContinualAuth();
  const [viewingFailed, setViewingFailed] = useState(false);
  // A finish waits for the viewing: the server finishes only what it saw opened (ADR 012).
  const viewingBegun = useRef<{ promise: Promise<void>; resolve: () => void } | null>(null);
  if (viewingBegun.current === null) {
    let resolve = () => undefined as void;
    const promise = new Promise<void>((r) => (resolve = r));
    viewingBegun.current = { promise, resolve };
  }
  useEffect(() => {
    if (!item) return;
    // ADR 012: the server sees the item open (a viewing) before its time counts.
    let left = false;
    let started = false;
    const target = targetOf(courseId, item);
    void openViewing(target, { cancelled: () => left, onFailure: () => setViewingFailed(true) }).then((viewing) => {
      if (!viewing || left) return;
      setViewingFailed(false);
      started = true;
      viewingBegun.current?.resolve();
      if (viewing.identity_verified_until) continualAuth?.verifiedFor(Date.parse(viewing.identity_verified_until) - Date.now());
      timer.send({ type: 'timer.start', target: { ...target, viewingId: viewing.id }, now: Date.now() });
    });
    return () => {
      left = true;
      if (started) timer.send({ type: 'timer.stop', now: Date.now() });
    };
    // The item's identity, not its object (a reload of the course keeps the record going).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [timer, courseId, item?.id]);

  const counting = timerView.status === 'counting' || timerView.status === 'paused';
  useEffect(() => {
    if (counting && startSeconds === null) setStartSeconds(timerView.seconds);
  }, [counting, startSeconds, timerView.seconds]);

  if (status === 'loading') return <LessonView status="loading" courseId={courseId} onRetry={() => undefined} />;
  if (status === 'failed' || !course) return <LessonView status="failed" courseId={courseId} onRetry={() => detail.send({ type: 'retry' })} />;
  if (!located || !item) return <LessonView status="not_found" courseId={courseId} onRetry={() => undefined} />;

  const spentNow = item.duration + (startSeconds === null ? 0 : Math.max(0, timerView.seconds - startSeconds));
  const readingDone = item.kind === 'reading' && spentNow >= item.required_seconds && (item.duration > 0 || spentNow > 0);
  return (
    <LessonView
      status="ready"
      courseId={courseId}
      courseTitle={course.title}
      lessonTitle={located.lessonTitle}
      itemTitle={item.title}
      completed={item.completed || finished || readingDone || course.status === 'completed'}
      reading={item.kind === 'reading' ? { body: item.body, requiredSeconds: item.required_seconds, spentSeconds: spentNow } : undefined}
      timer={<OnScreenTimerView status={timerStatus(timerView.status)} seconds={timerView.seconds} notice={timerView.notice} viewingFailed={viewingFailed} />}
      content={
        item.attachment ? (
          <LessonAttachment
            attachmentId={item.attachment.id}
            onPage={(page) => timer.send({ type: 'timer.page', page })}
            onFinished={() => setFinished(true)}
            // The server judges a video's finish by the time it has: the viewing's goes first.
            beforeFinish={() => viewingBegun.current!.promise.then(() => sendPendingTime(timer))}
          />
        ) : null
      }
      previous={located.previous}
      next={located.next}
      onRetry={() => detail.send({ type: 'retry' })}
    />
  );
}

/** The course's on-screen timer lives while the learner moves between its items (SPEC §4). */
function LessonCourse({ courseId, itemId }: { courseId: string; itemId: string }) {
  const logic = useMemo(() => onScreenTimerLogic(), []);
  const timer = useActorRef(logic);

  useEffect(() => {
    timer.send({ type: 'course.setup', courseId, now: Date.now() });
  }, [timer, courseId]);

  // Time counts only while the item is really on screen (a visible tab).
  useEffect(() => watchPage(timer), [timer]);

  // Leaving the course: the record ends now and is sent, whether or not the actor is still there.
  useEffect(
    () => () => {
      timer.send({ type: 'timer.stop', now: Date.now() });
      sendStoredRecords().catch(() => undefined);
    },
    [timer],
  );

  // The identity prompt pauses the timer and restarts it after (SPEC §4).
  useEffect(
    () =>
      registerLearningControls({
        pauseTimer: () => timer.send({ type: 'timer.pause', now: Date.now() }),
        restartTimer: () => timer.send({ type: 'timer.restart', now: Date.now() }),
      }),
    [timer],
  );

  return <LessonItem key={itemId} courseId={courseId} itemId={itemId} timer={timer} />;
}

/** /lesson/:courseId/:itemId — one item of a course with its time on screen. */
export default function LessonRoute() {
  const { courseId = '', itemId = '' } = useParams();
  const { i18n } = useTranslation();
  const content = lessonContent(`${courseId}/${itemId}`);
  useContinualAuthFor(content?.id ?? null, content ?? {});
  if (!courseItemParamSchema.safeParse({ id: courseId, itemId }).success) return <Navigate to="/not-found" replace />;
  return (
    <CoursesNamespace>
      <LessonCourse key={`${courseId}:${i18n.language}`} courseId={courseId} itemId={itemId} />
    </CoursesNamespace>
  );
}
