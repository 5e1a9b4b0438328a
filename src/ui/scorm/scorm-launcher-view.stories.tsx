import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { sampleData, sampleRuntime } from '../../machines/scorm/scorm.fixtures';
import { scormMachine, type ScormContext } from '../../machines/scorm/scorm.machine';
import { selectScormView, type ScormViewModel } from '../../machines/scorm/scorm.selectors';
import { ScormLauncherView } from './scorm-launcher-view';
import { machineDiagramStory } from '../testing/machine-diagram';

// DESIGN §4: every visible state of the SCORM launcher, its props built from the machine's state through the selectors.
function viewAt(value: string | Record<string, string>, context: Partial<ScormContext> = {}): ScormViewModel {
  const base: ScormContext = { itemId: '5', runtime: null, seq: 0, pending: null, inFlight: 0, confirmed: 0, last: null, counted: false, error: null };
  return selectScormView(scormMachine.resolveState({ value, context: { ...base, ...context } }));
}

const runtime = sampleRuntime();
const data = sampleData(3);
const pending = { ...data, launch: runtime.launch, seq: 2, finished: false };
const meta = {
  title: 'Pages/ScormLauncher',
  component: ScormLauncherView,
  args: { ...viewAt('idle'), title: 'Three pages and a check (SCORM)', onOpen: fn(), onRetry: fn() },
} satisfies Meta<typeof ScormLauncherView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {};
export const Opening: Story = { args: viewAt('opening') };
export const Blocked: Story = { args: viewAt('blocked') };
export const Loading: Story = { args: viewAt('loading') };
export const LoadFailed: Story = { args: viewAt('loadFailed') };
export const LoadFailedWithServerText: Story = { args: viewAt('loadFailed', { error: 'The item was not found.' }) };
export const RunningSaved: Story = { args: viewAt({ running: 'idle' }, { runtime, seq: 2, confirmed: 2, last: data }) };
export const RunningSaving: Story = { args: viewAt({ running: 'committing' }, { runtime, seq: 2, inFlight: 2, confirmed: 1, pending, last: data }) };
export const RunningOffline: Story = { args: viewAt({ running: 'offline' }, { runtime, seq: 2, inFlight: 2, confirmed: 1, pending, last: data }) };
export const RunningRefused: Story = { args: viewAt({ running: 'refused' }, { runtime, seq: 2, inFlight: 2, last: data, error: 'The SCORM data is too large to save.' }) };
export const Finishing: Story = { args: viewAt({ finishing: 'sending' }, { runtime, seq: 3, inFlight: 3, pending: { ...pending, seq: 3, finished: true }, last: data }) };
export const FinishingOffline: Story = { args: viewAt({ finishing: 'waiting' }, { runtime, seq: 3, inFlight: 3, pending: { ...pending, seq: 3, finished: true }, last: data }) };
export const ClosedResumable: Story = { args: viewAt('closed', { runtime, seq: 3, confirmed: 3, last: data }) };
export const ClosedCompleted: Story = { args: viewAt('closed', { runtime, seq: 3, confirmed: 3, last: data, counted: true }) };
export const ClosedNotSaved: Story = { args: viewAt('closed', { runtime, seq: 3, last: data, error: 'The SCORM data is too large to save.' }) };
export const BlockedTraditionalChinese: Story = { ...Blocked, globals: { locale: 'zh' } };
export const BlockedSimplifiedChinese: Story = { ...Blocked, globals: { locale: 'cn' } };
export const RunningSavedTraditionalChinese: Story = { ...RunningSaved, globals: { locale: 'zh' } };

// The machine behind these stories (docs/machines/, generated from its definition).
export const ScormDiagram = machineDiagramStory('scorm');
