import type { SnapshotFrom } from 'xstate';
import type { FinishProblem, lessonMachine } from './lesson.machine';
import { locate } from './lesson.machine';

export type LessonSnapshot = SnapshotFrom<typeof lessonMachine>;

export interface LessonNeighbourView {
  courseId: string;
  itemId: string;
  title: string;
}

/** What src/ui/lesson's LessonView shows (besides the timer's and the attachment's own views). */
export type LessonViewModel =
  | { status: 'loading' | 'failed' | 'not_found' }
  | {
      status: 'ready';
      courseTitle: string;
      lessonTitle: string;
      itemTitle: string;
      /** From the server, the finish, the reading's time reached, or a completed course. */
      completed: boolean;
      reading: { body: string; requiredSeconds: number; spentSeconds: number } | undefined;
      /** The attachment child's id (an attachment item). */
      attachmentId: string | null;
      previous: LessonNeighbourView | null;
      next: LessonNeighbourView | null;
    };

/** POST viewings failed and retries (ADR 012: time does not count until it answers). */
export const selectViewingFailed = (snapshot: LessonSnapshot): boolean => snapshot.context.viewingFailed;

/** The finish in progress or refused; null when there is nothing to say. */
export interface FinishView {
  sending: boolean;
  problem: FinishProblem | null;
}

export function selectFinishView(snapshot: LessonSnapshot): FinishView | null {
  const sending = snapshot.matches({ item: { finish: 'awaitingViewing' } }) || snapshot.matches({ item: { finish: 'sendingTime' } }) || snapshot.matches({ item: { finish: 'finishing' } });
  const problem = snapshot.matches({ item: { finish: 'failed' } }) ? snapshot.context.finishProblem : null;
  return sending || problem ? { sending, problem } : null;
}

export const sameFinishView = (a: FinishView | null, b: FinishView | null): boolean => a === b || (!!a && !!b && a.sending === b.sending && a.problem === b.problem);

/** Seconds spent on the item: the server's before this viewing plus what the timer counted since. */
export function spentSeconds(snapshot: LessonSnapshot, itemDuration: number): number {
  const { startSeconds, timerSeconds } = snapshot.context;
  return itemDuration + (startSeconds === null ? 0 : Math.max(0, timerSeconds - startSeconds));
}

export function selectLessonView(snapshot: LessonSnapshot): LessonViewModel {
  const { context } = snapshot;
  if (context.courseStatus === 'loading') return { status: 'loading' };
  const course = context.course;
  if (context.courseStatus === 'failed' || !course) return { status: 'failed' };
  const located = locate(course, context.itemId);
  if (!located) return { status: 'not_found' };
  const { item, flat, index } = located;
  const neighbour = (i: number): LessonNeighbourView | null => (flat[i] ? { courseId: course.id, itemId: flat[i].item.id, title: flat[i].item.title } : null);
  const spent = spentSeconds(snapshot, item.duration);
  // SPEC §7: a reading is complete once its required time is spent (and some time was spent).
  const readingDone = item.kind === 'reading' && spent >= item.required_seconds && (item.duration > 0 || spent > 0);
  const finished = snapshot.matches({ item: { finish: 'done' } });
  return {
    status: 'ready',
    courseTitle: course.title,
    lessonTitle: located.lessonTitle,
    itemTitle: item.title,
    completed: item.completed || finished || readingDone || course.status === 'completed',
    reading: item.kind === 'reading' ? { body: item.body, requiredSeconds: item.required_seconds, spentSeconds: spent } : undefined,
    attachmentId: item.attachment?.id ?? null,
    previous: neighbour(index - 1),
    next: neighbour(index + 1),
  };
}

export const sameLessonView = (a: LessonViewModel, b: LessonViewModel): boolean => JSON.stringify(a) === JSON.stringify(b);
