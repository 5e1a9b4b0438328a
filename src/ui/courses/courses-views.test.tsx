import { act, render, screen, waitFor, within } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../i18n/testing';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { yieldToBrowser } from '../../platform/yield-to-browser';
import { renderWithI18n } from '../testing/render';
import { CourseCard } from './course-card';
import { CARDS_DRAWN_PER_TASK, CARDS_FIRST_DRAWN, CourseGrid, EAGER_COVERS } from './course-grid';
import { Pagination, pageWindow } from './pagination';
import { completedCard, inProgressCard, sampleCard, sampleCourse } from './samples';
import { nextItem } from './next-item';
import { ListFilters } from './list-filters';

// Counts the cards drawn (the grid is memoised so that a page's other updates do not draw them again).
const cardRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('./course-card', async (importOriginal) => {
  const original = await importOriginal<typeof import('./course-card')>();
  return {
    ...original,
    CourseCard: (props: Parameters<typeof original.CourseCard>[0]) => {
      cardRenders.count += 1;
      return original.CourseCard(props);
    },
  };
});

describe('course card', () => {
  it('shows the display fields, and progress only once enrolled', () => {
    const onNavigate = vi.fn();
    renderWithI18n(<CourseCard course={sampleCard} onNavigate={onNavigate} />);
    const card = screen.getByTestId('course-card');
    expect(within(card).getByRole('heading', { name: sampleCard.title })).toBeInTheDocument();
    for (const text of ['Compulsory', 'Compliance', 'CPD hours: 1.5', 'Enrolled: 128', 'Views: 940', 'Likes: 37', 'Published 5 Jan 2026']) {
      expect(within(card).getByText(text)).toBeInTheDocument();
    }
    expect(within(card).queryByRole('progressbar')).toBeNull();
    expect(within(card).getByRole('link')).toHaveAttribute('href', '/course/1');
  });

  it('shows the progress of an enrolled learner, in Chinese too', () => {
    renderWithI18n(<CourseCard course={inProgressCard} onNavigate={vi.fn()} />);
    expect(screen.getByRole('progressbar', { name: '40% complete' })).toHaveAttribute('value', '40');
    expect(screen.getByText('In progress')).toBeInTheDocument();
    renderWithI18n(<CourseCard course={completedCard} rank={3} onNavigate={vi.fn()} />, 'zh');
    expect(screen.getByText('已完成')).toBeInTheDocument();
    expect(screen.getByText('推薦')).toBeInTheDocument();
    expect(screen.getByText('第 3 名')).toBeInTheDocument();
  });

  // Issue 43 item 25: every item done is not the course done while a quiz remains to pass.
  it('says a quiz remains, not "100% complete", when every item is done but the course is in progress', () => {
    renderWithI18n(<CourseCard course={{ ...inProgressCard, progress: 100 }} onNavigate={vi.fn()} />);
    expect(screen.getByRole('progressbar', { name: 'Items done · quiz to pass' })).toBeInTheDocument();
    expect(screen.queryByText('100% complete')).toBeNull();
    renderWithI18n(<CourseCard course={{ ...completedCard, progress: 100 }} onNavigate={vi.fn()} />);
    expect(screen.getByRole('progressbar', { name: '100% complete' })).toBeInTheDocument();
  });
});

describe('course grid', () => {
  it('loads the covers of the first row at once, the first with high priority, the others when scrolled to', async () => {
    const courses = Array.from({ length: EAGER_COVERS + 2 }, (_, i) => ({ ...sampleCard, id: String(i + 1) }));
    renderWithI18n(<CourseGrid courses={courses} onNavigate={vi.fn()} />);
    await waitFor(() => expect(screen.getAllByTestId('course-card')).toHaveLength(EAGER_COVERS + 2));
    const covers = screen.getAllByTestId('course-card').map((card) => card.querySelector('img')!);
    expect(covers.map((img) => img.getAttribute('loading'))).toEqual([...Array<string>(EAGER_COVERS).fill('eager'), 'lazy', 'lazy']);
    expect(covers.map((img) => img.getAttribute('fetchpriority'))).toEqual(['high', ...Array<null>(EAGER_COVERS + 1).fill(null)]);
  });

  it('draws its cards again only when its own props change, not when the page around it renders', () => {
    const courses = [sampleCard, { ...sampleCard, id: '2' }];
    const onNavigate = vi.fn();
    const i18n = createI18n('en');
    // The page around the grid: it renders again with the same cards and the same callback.
    const page = (cards: typeof courses, heading: string) => (
      <I18nextProvider i18n={i18n}>
        <h1>{heading}</h1>
        <CourseGrid courses={cards} onNavigate={onNavigate} />
      </I18nextProvider>
    );
    cardRenders.count = 0;
    const { rerender } = render(page(courses, 'All courses'));
    expect(cardRenders.count).toBe(2);
    rerender(page(courses, 'All courses, departments arrived'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('departments arrived');
    expect(cardRenders.count).toBe(2);
    rerender(page(courses.map((c) => ({ ...c })), 'Page 2'));
    expect(cardRenders.count).toBe(4);
    expect(screen.getAllByTestId('course-card')).toHaveLength(2);
  });
});

describe('course grid drawn a few cards per task (ADR 069)', () => {
  const twelve = Array.from({ length: 12 }, (_, i) => ({ ...sampleCard, id: String(i + 1), title: `Course ${i + 1}` }));
  const grid = (cards: typeof twelve) => (
    <I18nextProvider i18n={createI18n('en')}>
      <CourseGrid courses={cards} onNavigate={vi.fn()} />
    </I18nextProvider>
  );

  it('draws the first row with the grid, busy while more are to come', () => {
    expect([CARDS_FIRST_DRAWN, CARDS_DRAWN_PER_TASK]).toEqual([4, 2]);
    // The first drawing alone (no effect runs on the server's renderer).
    const first = document.createElement('div');
    first.innerHTML = renderToStaticMarkup(grid(twelve));
    expect([...first.querySelectorAll('[data-testid="course-card"] h2')].map((h) => h.textContent)).toEqual(['Course 1', 'Course 2', 'Course 3', 'Course 4']);
    expect(first.querySelector('ol')).toHaveAttribute('aria-busy', 'true');
    // A short list is whole at once, and not busy.
    first.innerHTML = renderToStaticMarkup(grid(twelve.slice(0, 3)));
    expect(first.querySelectorAll('[data-testid="course-card"]')).toHaveLength(3);
    expect(first.querySelector('ol')).not.toHaveAttribute('aria-busy');
  });

  it('draws two more after each yield to the browser, then every card in order, each drawn once, and no longer busy', async () => {
    cardRenders.count = 0;
    render(grid(twelve));
    // Each step waits for a task of its own (yieldToBrowser), not for when the renderer runs its
    // effects: one yield of the test's, queued after the grid's, sees exactly one more step.
    const seen = [screen.getAllByTestId('course-card').length];
    while (seen.length < 10 && seen.at(-1)! < twelve.length) {
      await act(() => yieldToBrowser());
      seen.push(screen.getAllByTestId('course-card').length);
    }
    expect(seen).toEqual([4, 6, 8, 10, 12]);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(twelve.map((c) => c.title));
    expect(screen.getByTestId('course-grid')).not.toHaveAttribute('aria-busy');
    expect(cardRenders.count).toBe(12);
  });

  it('starts again from the first row for a new list, and a list gone draws nothing more', async () => {
    const { rerender, unmount } = render(grid(twelve));
    await act(() => yieldToBrowser());
    expect(screen.getAllByTestId('course-card')).toHaveLength(6);
    rerender(grid(twelve.map((c) => ({ ...c, title: `${c.title}, page 2` }))));
    expect(screen.getAllByTestId('course-card')).toHaveLength(4);
    expect(screen.getByTestId('course-grid')).toHaveAttribute('aria-busy', 'true');
    unmount();
    await act(() => yieldToBrowser());
    expect(screen.queryByTestId('course-card')).toBeNull();
  });
});

describe('pagination', () => {
  it('offers the first, the last and the pages around the current one', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(10, 20)).toEqual([1, 'gap', 8, 9, 10, 11, 12, 'gap', 20]);
    expect(pageWindow(2, 9)).toEqual([1, 2, 3, 4, 'gap', 9]);
  });

  it('is a labelled navigation that works from the keyboard, hidden for one page', async () => {
    const onPage = vi.fn();
    const { rerender } = renderWithI18n(<Pagination page={1} pages={3} onPage={onPage} />);
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(nav).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(within(nav).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    within(nav).getByRole('button', { name: 'Page 3' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onPage).toHaveBeenLastCalledWith(3);
    await userEvent.tab();
    await userEvent.keyboard(' ');
    expect(onPage).toHaveBeenLastCalledWith(2);
    rerender(<Pagination page={1} pages={1} onPage={onPage} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});

describe('filters bar', () => {
  it('applies a choice at once and the search text on Enter only', async () => {
    const onChange = vi.fn();
    renderWithI18n(
      <ListFilters
        search={{ value: '', label: 'Search' }}
        selects={[{ name: 'kind', label: 'Course type', value: '', anyLabel: 'All types', options: [{ value: 'elective', label: 'Elective' }] }]}
        onChange={onChange}
        onClear={vi.fn()}
      />,
    );
    await userEvent.selectOptions(screen.getByLabelText('Course type'), 'Elective');
    expect(onChange).toHaveBeenLastCalledWith('kind', 'elective');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'ethics');
    expect(onChange).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('q', 'ethics');
  });
});

describe('next item', () => {
  it('is the first item not completed, else the first', () => {
    expect(nextItem(sampleCourse)?.id).toBe('101');
    const done = { ...sampleCourse, lessons: sampleCourse.lessons.map((l) => ({ ...l, items: l.items.map((i) => ({ ...i, completed: true })) })) };
    expect(nextItem(done)?.id).toBe('100');
    expect(nextItem({ ...sampleCourse, lessons: [] })).toBeNull();
  });
});
