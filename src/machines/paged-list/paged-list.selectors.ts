import type { PagedResponse } from '../../api/schemas/paged.schema';
import { failureView, type FailureView } from '../shared/submission-error';

export type PagedListStatus = 'loading' | 'loaded' | 'empty' | 'failed';

/** The parts of a paged-list snapshot the view reads. */
export interface PagedListSnapshotLike<Item> {
  value: unknown;
  context: { result: PagedResponse<Item> | null; error: string | null };
}

export interface PagedListView<Item> {
  status: PagedListStatus;
  /** The page shown (the previous one while the next loads). */
  result: PagedResponse<Item> | null;
  failure: FailureView;
  /** Pages in all (at least 1), from the last answer. */
  pages: number;
}

export function pageCount(result: PagedResponse<unknown> | null): number {
  if (!result || result.per_page <= 0) return 1;
  return Math.max(1, Math.ceil(result.total / result.per_page));
}

/** The view model of a paged list; `Item` comes from the machine's context (its `loadPage`). */
export function selectListView<Item>(snapshot: PagedListSnapshotLike<Item>): PagedListView<Item> {
  const value = snapshot.value;
  const status: PagedListStatus = value === 'loaded' || value === 'empty' || value === 'failed' ? value : 'loading';
  return {
    status,
    result: snapshot.context.result,
    failure: failureView(status === 'failed', snapshot.context.error),
    pages: pageCount(snapshot.context.result),
  };
}
