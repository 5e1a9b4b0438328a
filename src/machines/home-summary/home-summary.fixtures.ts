import type { HomeSummary } from '../../api/schemas/home-summary.schema';
import { homeSummaryMachine, type HomeSummaryContext } from './home-summary.machine';
import { selectHomeSummaryView, type HomeSummaryViewModel } from './home-summary.selectors';

// Sample answers of GET /api/home-summary for the machine's tests and the stories (issue 45):
// agent01 as the demo shows them.

export const SUMMARY: HomeSummary = {
  continue: { course_id: '3', item_id: '12', course_title: 'Term Life Insurance Fundamentals', item_title: 'How term life cover works', viewed_at: '2026-12-01T02:00:00.000Z' },
  due: [
    { kind: 'session', id: '4', course_id: '1', title: 'Briefing', course_title: 'MPF Intermediary Briefing', at: '2026-12-02T02:00:00.000Z' },
    { kind: 'exam', id: '7', course_id: '6', title: 'Regulatory update 2026 quiz', course_title: 'Regulatory Update 2026', at: '2026-12-12T09:00:00.000Z' },
  ],
};

/** Something to continue, nothing due. */
export const CONTINUE_ONLY: HomeSummary = { ...SUMMARY, due: [] };

export const EMPTY_SUMMARY: HomeSummary = { continue: null, due: [] };

/** The view model of a state, resolved through the machine and its selectors (the stories). */
export function homeSummaryViewOf(value: 'loading' | 'ready' | 'empty' | 'failed', summary: HomeSummary | null = null): HomeSummaryViewModel {
  const context: HomeSummaryContext = { summary };
  return selectHomeSummaryView(homeSummaryMachine.resolveState({ value, context }));
}
