import { failureView, type FailureView } from '../shared/submission-error';
import type { ListPage } from './course-list.machine';

export type CourseListStatus = 'loading' | 'loaded' | 'empty' | 'failed';

/** The parts of a course-list snapshot the view reads. */
export interface ListSnapshotLike {
  value: unknown;
  context: { result: ListPage<unknown> | null; error: string | null };
}

export interface CourseListView<I> {
  status: CourseListStatus;
  /** The page shown (the previous one while the next loads). */
  result: ListPage<I> | null;
  failure: FailureView;
  /** Pages in all (at least 1), from the last answer. */
  pages: number;
}

export function pageCount(result: ListPage<unknown> | null): number {
  if (!result || result.per_page <= 0) return 1;
  return Math.max(1, Math.ceil(result.total / result.per_page));
}

/** `I` is the item type the route's loadPage answers (the machine itself does not look inside). */
export function selectListView<I>(snapshot: ListSnapshotLike): CourseListView<I> {
  const value = snapshot.value;
  const status: CourseListStatus = value === 'loaded' || value === 'empty' || value === 'failed' ? value : 'loading';
  return {
    status,
    result: snapshot.context.result as ListPage<I> | null,
    failure: failureView(status === 'failed', snapshot.context.error),
    pages: pageCount(snapshot.context.result),
  };
}
