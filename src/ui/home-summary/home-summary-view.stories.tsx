import { machineDiagramStory } from '../testing/machine-diagram';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { CONTINUE_ONLY, EMPTY_SUMMARY, homeSummaryViewOf, SUMMARY } from '../../machines/home-summary/home-summary.fixtures';
import { HomeSummaryView } from './home-summary-view';

// Every visible state of the home page's summary (issue 45), each resolved through the machine and
// its selectors (DESIGN §4).

const meta = {
  title: 'Pages/HomeSummary',
  component: HomeSummaryView,
  args: { ...homeSummaryViewOf('ready', SUMMARY), onRetry: fn(), onNavigate: fn() },
} satisfies Meta<typeof HomeSummaryView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {};
export const NothingDue: Story = { args: homeSummaryViewOf('ready', CONTINUE_ONLY) };
export const Empty: Story = { args: homeSummaryViewOf('empty', EMPTY_SUMMARY) };
export const Loading: Story = { args: homeSummaryViewOf('loading') };
export const Failed: Story = { args: homeSummaryViewOf('failed') };
export const TraditionalChinese: Story = { globals: { locale: 'zh' } };
export const SimplifiedChinese: Story = { globals: { locale: 'cn' } };
export const Phone: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };
export const HomeSummaryDiagram = machineDiagramStory('home-summary');
