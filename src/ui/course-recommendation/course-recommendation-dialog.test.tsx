import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '../../api/schemas/users.schema';
import type { Language } from '../../config/constants';
import { courseRecommendationMachine, type CourseRecommendationContext } from '../../machines/course-recommendation/course-recommendation.machine';
import { selectCourseRecommendationView } from '../../machines/course-recommendation/course-recommendation.selectors';
import { renderWithI18n } from '../testing/render';
import { CourseRecommendationDialog, type CourseRecommendationDialogProps } from './course-recommendation-dialog';

const user = (id: string, name: string): PublicUser => ({ id, external_id: `agent${id}`, name, icon_url: '/icon.png' });
const SELF = user('1', 'Chan Tai Man');
const A = user('2', 'Wong Siu Ming');
const B = user('3', 'Wong Ka Fai');

type Value = Parameters<typeof courseRecommendationMachine.resolveState>[0]['value'];
const view = (value: Value, context: Partial<CourseRecommendationContext> = {}) =>
  selectCourseRecommendationView(
    courseRecommendationMachine.resolveState({
      value,
      context: { courseId: '7', selfId: SELF.id, max: 10, query: 'wong', results: [A, SELF, B], page: 1, total: 5, picked: [], searchError: null, sendError: null, sendFailed: false, result: null, ...context },
    }),
  );
const tick = () => act(() => new Promise((r) => setTimeout(r, 20)));

async function show(props: Partial<CourseRecommendationDialogProps> & { view: CourseRecommendationDialogProps['view'] }, lang: Language = 'en') {
  const on = { onQuery: vi.fn(), onMore: vi.fn(), onRetrySearch: vi.fn(), onPick: vi.fn(), onUnpick: vi.fn(), onSend: vi.fn(), onClose: vi.fn() };
  renderWithI18n(<CourseRecommendationDialog courseTitle="Financial Needs Analysis" {...on} {...props} />, lang);
  await screen.findByRole('dialog');
  await tick();
  return on;
}

describe('the "Recommend" dialog (issue 48)', () => {
  it('is a labelled dialog; the learner is never offered; a pick and a chip call back; Escape closes', async () => {
    const on = await show({ view: view({ composing: 'ready' }, { picked: [B] }) });
    const dialog = screen.getByRole('dialog', { name: 'Recommend “Financial Needs Analysis”' });
    const results = within(dialog).getByRole('list', { name: 'Colleagues found' });
    expect(within(results).queryByText(/Chan Tai Man/)).toBeNull();
    fireEvent.click(within(results).getByRole('button', { name: 'Add Wong Siu Ming' }));
    expect(on.onPick).toHaveBeenCalledWith('2');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Wong Ka Fai' }));
    expect(on.onUnpick).toHaveBeenCalledWith('3');
    fireEvent.click(within(dialog).getByRole('button', { name: 'More colleagues' }));
    expect(on.onMore).toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Recommend to 1 colleague' }));
    expect(on.onSend).toHaveBeenCalled();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(on.onClose).toHaveBeenCalled();
  });

  it('offers no Add once ten are chosen, and says so', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => user(String(20 + i), `Colleague ${i}`));
    await show({ view: view({ composing: 'ready' }, { results: [...ten, A], total: 11, picked: ten }) });
    expect((screen.getByRole('button', { name: 'Add Wong Siu Ming' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('10 chosen (at most 10)')).toBeTruthy();
    expect(screen.getByText(/as many colleagues as one recommendation may have/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recommend to 10 colleagues' })).toBeTruthy();
  });

  it('shows a refusal in the server’s words, a network failure in its own, never both', async () => {
    await show({ view: view({ composing: 'ready' }, { picked: [A], sendFailed: true, sendError: 'Yip Sze Wan cannot receive course recommendations.' }) });
    expect(screen.getByTestId('recommend-error').textContent).toBe('Yip Sze Wan cannot receive course recommendations.');
    expect(screen.queryByText(/connection/)).toBeNull();
  });

  it('shows a network failure of the send with its own words', async () => {
    await show({ view: view({ composing: 'ready' }, { picked: [A], sendFailed: true }) });
    expect(screen.getByTestId('recommend-error').textContent).toMatch(/Check your connection/);
  });

  it.each([
    ['en', 2, 0, 'Recommended to 2 colleagues.'],
    ['en', 1, 0, 'Recommended to 1 colleague.'],
    ['zh', 2, 1, '已推薦給 2 位同事。'],
    ['cn', 3, 0, '已推荐给 3 位同事。'],
  ] as const)('confirms in %s: %i sent, %i already', async (lang, recommended, already, text) => {
    await show({ view: view('done', { picked: [A], result: { recommended, already_recommended: already } }) }, lang);
    const done = screen.getByTestId('recommend-done');
    expect(done.textContent).toContain(text);
    if (already) expect(done.textContent).toContain('1');
  });

  it('while sending, it cannot be closed or changed', async () => {
    const on = await show({ view: view('sending', { picked: [A] }) });
    expect((screen.getByTestId('recommend-send') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Remove Wong Siu Ming' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(on.onClose).not.toHaveBeenCalled();
  });
});
