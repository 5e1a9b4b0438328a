import { machineDiagramStory } from '../testing/machine-diagram';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { COURSE_ASK, COURSE_REPLAY, DAY_REPLAY, EMPTY_REPLAY, replayView } from '../../machines/evidence-replay/evidence-replay.fixtures';
import { EvidenceReplayView } from './evidence-replay-view';

// DESIGN §4: every visible state of the auditor's evidence replay, its props built from the machine's state through the selectors.
const callbacks = { ledgerHref: '/cpd/report/ledger/2', onRetry: fn(), onPrevious: fn(), onNext: fn(), onFirst: fn(), onLast: fn() };
const meta = {
  title: 'Pages/Evidence replay',
  component: EvidenceReplayView,
  args: { view: replayView('stepping', { replay: DAY_REPLAY }), ...callbacks },
} satisfies Meta<typeof EvidenceReplayView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FirstStep: Story = {};
export const IdentityCheckPassed: Story = { args: { view: replayView('stepping', { replay: DAY_REPLAY, index: 1 }) } };
export const LastStep: Story = { args: { view: replayView('stepping', { replay: DAY_REPLAY, index: 2 }) } };
export const CourseWithTrimmedTime: Story = { args: { view: replayView('stepping', { ask: COURSE_ASK, replay: COURSE_REPLAY, index: 1 }) } };
export const QuizResult: Story = { args: { view: replayView('stepping', { ask: COURSE_ASK, replay: COURSE_REPLAY, index: 3 }) } };
export const NothingRecorded: Story = { args: { view: replayView('empty', { replay: EMPTY_REPLAY }) } };
export const Loading: Story = { args: { view: replayView('loading') } };
export const Failed: Story = { args: { view: replayView('failed') } };
export const NotAnAuditor: Story = { args: { view: replayView('failed', { error: 'Only a compliance officer (auditor) may replay a learner’s evidence.' }) } };
export const TraditionalChinese: Story = { args: { view: replayView('stepping', { replay: DAY_REPLAY, index: 1 }) }, globals: { locale: 'zh' } };
export const SimplifiedChinese: Story = { args: { view: replayView('stepping', { replay: DAY_REPLAY, index: 1 }) }, globals: { locale: 'cn' } };
export const EvidenceReplayDiagram = machineDiagramStory('evidence-replay');
