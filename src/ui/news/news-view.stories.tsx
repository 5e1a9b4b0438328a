import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { NewsEntry } from '../../api/schemas/news.schema';
import type { PagedListView } from '../../machines/paged-list/paged-list.selectors';
import { NewsView } from './news-view';
import { sampleNews } from '../courses/samples';

const phone = { viewport: { value: 'phone', isRotated: false } };
const loaded: PagedListView<NewsEntry> = { status: 'loaded', result: { data: sampleNews, page: 1, per_page: 12, total: 2 }, failure: null, pages: 1 };

/** News and highlights: entries, the kind filter, and the list states. */
const meta = {
  title: 'Courses/News',
  component: NewsView,
  args: { title: 'News and Highlights', kind: '', view: loaded, page: 1, onKind: fn(), onPage: fn(), onRetry: fn(), onNavigate: fn() },
} satisfies Meta<typeof NewsView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
export const HighlightsOnly: Story = { args: { kind: 'highlight', view: { ...loaded, result: { data: [sampleNews[1]], page: 1, per_page: 12, total: 1 } } } };
export const Loading: Story = { args: { view: { status: 'loading', result: null, failure: null, pages: 1 } } };
export const Empty: Story = { args: { view: { status: 'empty', result: { data: [], page: 1, per_page: 12, total: 0 }, failure: null, pages: 1 } } };
export const Failed: Story = { args: { view: { status: 'failed', result: null, failure: { kind: 'server', message: 'The service is unavailable. Try again later.' }, pages: 1 } } };
export const Phone: Story = { globals: phone };
