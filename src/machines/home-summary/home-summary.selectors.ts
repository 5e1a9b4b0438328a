import type { SnapshotFrom } from 'xstate';
import type { HomeDueKind, HomeSummary } from '../../api/schemas/home-summary.schema';
import type { homeSummaryMachine } from './home-summary.machine';

export type HomeSummarySnapshot = SnapshotFrom<typeof homeSummaryMachine>;

export interface HomeContinueView {
  courseTitle: string;
  itemTitle: string;
  /** The lesson page of the item (it resumes there: the video where it was, ADR 091). */
  to: string;
}

export interface HomeDueView {
  key: string;
  kind: HomeDueKind;
  title: string;
  courseTitle: string;
  /** ISO: a session's start, an examination's closing time. */
  at: string;
  to: string;
}

export interface HomeSummaryViewModel {
  status: 'loading' | 'ready' | 'empty' | 'failed';
  continueItem: HomeContinueView | null;
  due: HomeDueView[];
  /** The view offers "Try again" exactly when the machine takes a retry. */
  canRetry: boolean;
}

/** Where each summary entry opens (the app's routes: src/routes/router.tsx). */
export function summaryView(summary: HomeSummary | null): Pick<HomeSummaryViewModel, 'continueItem' | 'due'> {
  if (!summary) return { continueItem: null, due: [] };
  const c = summary.continue;
  return {
    continueItem: c ? { courseTitle: c.course_title, itemTitle: c.item_title, to: `/lesson/${c.course_id}/${c.item_id}` } : null,
    due: summary.due.map((d) => ({
      key: `${d.kind}:${d.id}`,
      kind: d.kind,
      title: d.title,
      courseTitle: d.course_title,
      at: d.at,
      to: d.kind === 'session' ? `/offline/${d.course_id}` : `/course/${d.course_id}/quiz/${d.id}`,
    })),
  };
}

export function selectHomeSummaryView(snapshot: HomeSummarySnapshot): HomeSummaryViewModel {
  const status = snapshot.matches('ready') ? 'ready' : snapshot.matches('empty') ? 'empty' : snapshot.matches('failed') ? 'failed' : 'loading';
  return { status, ...summaryView(snapshot.context.summary), canRetry: snapshot.can({ type: 'retry' }) };
}
