import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { courseItemParamSchema } from '../../api/schemas/courses.schema';
import { sameFinishView, sameLessonView, selectFinishView, selectLessonView, selectViewingFailed } from '../../machines/lesson/lesson.selectors';
import { onScreenTimeView, sameTimerView, type OnScreenTimeSnapshot } from '../../machines/on-screen-time/on-screen-time.selectors';
import type { MediaHandle } from '../../ui/attachment-viewer/use-media-events';
import { LessonView } from '../../ui/lesson/lesson-view';
import { ScormLauncher } from '../scorm/scorm-launcher';
import { OnScreenTimeView } from '../../ui/on-screen-time/on-screen-time-view';
import { useContinualAuth, useContinualAuthFor, useLearningControls } from '../continual-auth/continual-auth-provider';
import { lessonContent } from '../continual-auth/learning-content';
import { TIMER_CONTROLS, VIDEO_CONTROLS } from '../continual-auth/learning-controls';
import { CoursesNamespace } from '../courses/courses-namespace';
import type { LessonAttachmentActor } from './lesson-attachment';
import { LessonAttachmentPart } from './lesson-attachment-part';
import { lessonLogic, wallClock } from './lesson.actor';
import { ReadingNotePanelRoute } from '../reading-note/reading-note-panel.route';

/** The timer's own statuses, as its view shows them (no item yet reads as paused). */
function timerStatus(status: ReturnType<typeof onScreenTimeView>['status']) {
  if (status === 'idle') return 'loading' as const;
  if (status === 'stopped') return 'paused' as const;
  return status;
}

const LESSON_CONTROLS = [...TIMER_CONTROLS, ...VIDEO_CONTROLS];
const idleTimer = { status: 'idle', seconds: 0, target: null, notice: null } as const;

/** The on-screen timer, subscribed to the lesson actor by itself: its tick each second draws the
 * timer alone, not the whole page around it with its reading or its player (ADR 063). */
function LessonTimer({ lesson }: { lesson: ActorRefFrom<ReturnType<typeof lessonLogic>> }) {
  const viewingFailed = useSelector(lesson, selectViewingFailed);
  const timer = useSelector(lesson, (s) => s.children.timer);
  const timerView = useSelector(timer!, (s) => onScreenTimeView(s as OnScreenTimeSnapshot), sameTimerView) ?? idleTimer;
  return <OnScreenTimeView status={timerStatus(timerView.status)} seconds={timerView.seconds} notice={timerView.notice} viewingFailed={viewingFailed} />;
}

/** The course's page: one lesson actor (ADR 019) runs the timer for the course while the learner
 * moves between its items; this component only selects view props from it. */
function LessonPage({ courseId, itemId }: { courseId: string; itemId: string }) {
  const continualAuth = useContinualAuth();
  const media = useRef<MediaHandle | null>(null);
  const logic = useMemo(
    () => lessonLogic({ media, identityVerifiedFor: (remainingMs) => continualAuth?.verifiedFor(remainingMs) }),
    // The layout's continual-auth value lives as long as the layout (longer than this page).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const lesson = useActorRef(logic, { input: { courseId, itemId, now: wallClock } });
  // The identity prompt pauses and resumes the timer and the video by events (SPEC §2, §4).
  useLearningControls(lesson, LESSON_CONTROLS);
  // The route's item is the machine's: a new item starts again, the course's timer goes on.
  useEffect(() => {
    if (lesson.getSnapshot().context.itemId !== itemId) lesson.send({ type: 'item.show', itemId });
  }, [lesson, itemId]);

  const view = useSelector(lesson, selectLessonView, sameLessonView);
  // Issue 47: the PDF page shown goes on a new note; a note's link back opens at its page (?page=).
  const [searchParams] = useSearchParams();
  const linkedPage = Number(searchParams.get('page')) || undefined;
  const [pdfPage, setPdfPage] = useState<number | null>(null);
  const onPdfPage = useCallback((page: number) => setPdfPage(page), []);
  const finish = useSelector(lesson, selectFinishView, sameFinishView);
  const attachment = useSelector(lesson, (s) => s.children.attachment) as LessonAttachmentActor | undefined;
  const onRetry = () => lesson.send({ type: 'course.retry' });
  // A SCORM item (ADR 029): its launcher is the content; the page's on-screen time is the item's.
  const scormItem = useSelector(lesson, (s) => s.context.course?.lessons.flatMap((l) => l.items).find((i) => i.id === s.context.itemId && i.kind === 'scorm'));

  if (view.status !== 'ready') return <LessonView status={view.status} courseId={courseId} onRetry={view.status === 'failed' ? onRetry : () => undefined} />;
  return (
    <LessonView
      status="ready"
      courseId={courseId}
      courseTitle={view.courseTitle}
      lessonTitle={view.lessonTitle}
      itemTitle={view.itemTitle}
      completed={view.completed}
      reading={view.reading}
      timer={<LessonTimer lesson={lesson} />}
      content={
        scormItem ? (
          <ScormLauncher key={scormItem.id} itemId={scormItem.id} title={scormItem.title} />
        ) : view.attachmentId && attachment ? (
          <LessonAttachmentPart
            key={view.attachmentId}
            attachment={attachment}
            media={media}
            finish={finish ? { ...finish, onRetry: () => lesson.send({ type: 'finish.retry' }) } : undefined}
            initialPdfPage={linkedPage}
            onPdfPage={onPdfPage}
          />
        ) : null
      }
      notes={scormItem ? null : <ReadingNotePanelRoute key={itemId} itemId={itemId} page={view.attachmentId ? pdfPage : null} />}
      previous={view.previous}
      next={view.next}
      onRetry={onRetry}
    />
  );
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
      <LessonPage key={`${courseId}:${i18n.language}`} courseId={courseId} itemId={itemId} />
    </CoursesNamespace>
  );
}
