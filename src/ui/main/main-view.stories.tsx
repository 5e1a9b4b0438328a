import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { homeTiles } from './home-tiles';
import { MainView } from './main-view';
import { cpdProgressOf, LEDGER } from '../../machines/cpd-ledger/cpd-ledger.fixtures';
import { homeSummaryViewOf, SUMMARY } from '../../machines/home-summary/home-summary.fixtures';
import { HomeSummaryView } from '../home-summary/home-summary-view';

const allOn = { offlineCourse: true, learningMap: true, mockExam: true };

const meta = {
  title: 'Pages/Home',
  component: MainView,
  args: { userName: 'Chan Tai Man', tiles: homeTiles(allOn), onNavigate: fn() },
} satisfies Meta<typeof MainView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AllFeatures: Story = {};
export const SpecDefaultFlags: Story = { args: { tiles: homeTiles({ offlineCourse: true, learningMap: false, mockExam: false }) } };
export const OfflineDisabled: Story = { args: { tiles: homeTiles({ ...allOn, offlineCourse: false }) } };
export const LoadingUser: Story = { args: { userName: null } };
export const Phone: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };
export const WithCpdProgress: Story = { args: { cpdProgress: cpdProgressOf(LEDGER) } };
export const WithCpdProgressPhone: Story = { args: { cpdProgress: cpdProgressOf(LEDGER) }, globals: { viewport: { value: 'phone', isRotated: false } } };
/** Issue 45: the learner's summary, last (the route mounts it lazily once the CPD tile is settled). */
export const WithSummary: Story = {
  args: { cpdProgress: cpdProgressOf(LEDGER), children: <HomeSummaryView {...homeSummaryViewOf('ready', SUMMARY)} onRetry={fn()} onNavigate={fn()} /> },
};
