import { machineDiagramStory } from '../testing/machine-diagram';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { AT_RISK_TEAM, EMPTY_TEAM, TEAM, teamView } from '../../machines/cpd-team/cpd-team.fixtures';
import { CpdTeamView } from './cpd-team-view';

// DESIGN §4: every visible state of the team compliance page, its props built from the machine's state through the selectors.
const callbacks = { memberHref: (id: string) => `/cpd/team/${id}`, onRetry: fn(), onFilterAtRisk: fn(), onSort: fn(), onExport: fn() };
const meta = {
  title: 'Pages/CPD team',
  component: CpdTeamView,
  args: { view: teamView({ ready: 'idle' }, { team: TEAM }), ...callbacks },
} satisfies Meta<typeof CpdTeamView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {};
export const Loading: Story = { args: { view: teamView('loading') } };
export const Failed: Story = { args: { view: teamView('failed') } };
export const FailedWithReason: Story = { args: { view: teamView('failed', { error: 'Only managers may open this page.' }) } };
export const AtRiskOnly: Story = { args: { view: teamView({ ready: 'idle' }, { team: AT_RISK_TEAM, ask: { atRisk: true, sort: 'name' } }) } };
export const SortedByNeeded: Story = { args: { view: teamView({ ready: 'idle' }, { team: { ...TEAM, rows: [TEAM.rows[2], TEAM.rows[0], TEAM.rows[1]] }, ask: { atRisk: false, sort: 'needed' } }) } };
export const Empty: Story = { args: { view: teamView({ ready: 'idle' }, { team: EMPTY_TEAM }) } };
export const NobodyAtRisk: Story = { args: { view: teamView({ ready: 'idle' }, { team: EMPTY_TEAM, ask: { atRisk: true, sort: 'name' } }) } };
export const Exporting: Story = { args: { view: teamView({ ready: 'exporting' }, { team: TEAM }) } };
export const ExportFailed: Story = { args: { view: teamView({ ready: 'idle' }, { team: TEAM, exportFailed: true }) } };
export const TraditionalChinese: Story = { globals: { locale: 'zh' } };
export const SimplifiedChinese: Story = { globals: { locale: 'cn' } };
export const CpdTeamDiagram = machineDiagramStory('cpd-team');
