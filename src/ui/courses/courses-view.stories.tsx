import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { CourseCard } from '../../api/schemas/courses.schema';
import type { PagedListView } from '../../machines/paged-list/paged-list.selectors';
import { CoursesView } from './courses-view';
import { cardPage, completedCard, inProgressCard, sampleCard } from './samples';
import { machineDiagramStory } from '../testing/machine-diagram';

const phone = { viewport: { value: 'phone', isRotated: false } };
const cards = [sampleCard, inProgressCard, completedCard, { ...sampleCard, id: '4', title: 'Ethics in Practice', kind: 'elective' as const }];
const loaded: PagedListView<CourseCard> = { status: 'loaded', result: cardPage(cards, 1, 40), failure: null, pages: 4 };
const noFilters = { q: '', kind: '', department: '', status: '' };

/** Every course list page (all, latest, ranking, recommended, mine, search) and its states. */
const meta = {
  title: 'Courses/Catalogue',
  component: CoursesView,
  args: {
    list: 'all',
    title: 'All Courses',
    filters: noFilters,
    departments: [
      { id: '1', name: 'Compliance' },
      { id: '2', name: 'Sales' },
    ],
    view: loaded,
    page: 1,
    onFilter: fn(),
    onClear: fn(),
    onPage: fn(),
    onRetry: fn(),
    onNavigate: fn(),
  },
} satisfies Meta<typeof CoursesView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
export const Filtered: Story = { args: { filters: { ...noFilters, q: 'ethics', kind: 'elective', department: '2' } } };
/** The first load: nothing to show under the spinner yet. */
export const LoadingFirst: Story = { args: { view: { status: 'loading', result: null, failure: null, pages: 1 } } };
/** The next page loads: the previous cards stay under the spinner. */
export const LoadingNextPage: Story = { args: { view: { ...loaded, status: 'loading' }, page: 2 } };
export const Empty: Story = { args: { filters: { ...noFilters, q: 'nothing' }, view: { status: 'empty', result: cardPage([]), failure: null, pages: 1 } } };
export const EmptyMine: Story = { args: { list: 'mine', title: 'My Courses', view: { status: 'empty', result: cardPage([]), failure: null, pages: 1 } } };
export const FailedWithServerMessage: Story = {
  args: { view: { status: 'failed', result: null, failure: { kind: 'server', message: 'The service is unavailable. Try again later.' }, pages: 1 } },
};
export const FailedGeneric: Story = { args: { view: { status: 'failed', result: null, failure: { kind: 'generic' }, pages: 1 } } };
/** Ranking page 2: cards numbered from 13. */
export const Ranking: Story = { args: { list: 'ranking', title: 'Course Ranking', page: 2, view: { ...loaded, result: cardPage(cards, 2, 40) } } };
export const Recommended: Story = { args: { list: 'recommended', title: 'Recommended Courses' } };
export const Mine: Story = { args: { list: 'mine', title: 'My Courses', filters: { ...noFilters, status: 'in_progress' }, view: { ...loaded, result: cardPage([inProgressCard], 1, 1), pages: 1 } } };
/** /search without words: a hint, no request. */
export const SearchIdle: Story = { args: { list: 'search', title: 'Search courses', view: null } };
export const SearchResults: Story = { args: { list: 'search', title: 'Search courses', filters: { ...noFilters, q: 'insurance' }, view: { ...loaded, pages: 1 } } };
/** Page 7 of 12: the pagination shows gaps. */
export const ManyPages: Story = { args: { page: 7, view: { ...loaded, result: cardPage(cards, 7, 140), pages: 12 } } };
export const Phone: Story = { globals: phone };

// The machine behind these stories (docs/machines/, generated from its definition).
export const PagedListDiagram = machineDiagramStory('paged-list');
