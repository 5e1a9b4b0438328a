import type { SnapshotFrom } from 'xstate';
import type { MockPaper } from '../../api/schemas/mock-exams.schema';
import type { mockExamsMachine, MockOverview } from './mock-exams.machine';

export type MockExamsSnapshot = SnapshotFrom<typeof mockExamsMachine>;

export type MockExamsView =
  | { status: 'loading' }
  | { status: 'load_failed'; problem: string | null }
  | ({ status: 'overview' } & MockOverview)
  | { status: 'practice'; paper: MockPaper | null }
  | { status: 'exam'; paper: MockPaper | null };

export function selectMockExamsView(s: MockExamsSnapshot): MockExamsView {
  const c = s.context;
  if (s.matches('loadFailed')) return { status: 'load_failed', problem: c.problem };
  if (s.matches('overview') && c.overview) return { status: 'overview', ...c.overview };
  const paper = c.overview?.papers.find((p) => p.id === c.paperId) ?? null;
  if (s.matches('practice')) return { status: 'practice', paper };
  if (s.matches('exam')) return { status: 'exam', paper };
  return { status: 'loading' };
}

/** The chart's bars: one per finished exam, oldest first, score in percent of full marks (one decimal). */
export function scoreBars(records: MockOverview['records']): { id: string; percent: number; pass: boolean; completedAt: string }[] {
  return [...records]
    .sort((a, b) => a.completed_at.localeCompare(b.completed_at))
    .map((r) => ({ id: r.attempt_id, percent: r.full_marks > 0 ? Math.round((r.score / r.full_marks) * 1000) / 10 : 0, pass: r.pass, completedAt: r.completed_at }));
}
