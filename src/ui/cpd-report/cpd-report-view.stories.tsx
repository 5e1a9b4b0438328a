import { machineDiagramStory } from '../testing/machine-diagram';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { CAN_DECLARE, REPORT, REPORT_PAGE_2, reportView } from '../../machines/cpd-report/cpd-report.fixtures';
import { CpdReportView } from './cpd-report-view';

// DESIGN §4: every visible state of the CPD report page, its props built from the machine's state through the selectors.
const callbacks = { ledgerHref: (id: string) => `/cpd/report/ledger/${id}`, onRetry: fn(), onSelectList: fn(), onSelectPage: fn(), onExport: fn() };
const meta = {
  title: 'Pages/CPD report',
  component: CpdReportView,
  args: { view: reportView({ ready: 'idle' }, { report: REPORT }), ...callbacks },
} satisfies Meta<typeof CpdReportView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {};
export const SecondPage: Story = { args: { view: reportView({ ready: 'idle' }, { report: REPORT_PAGE_2, ask: { list: 'all', page: 2 } }) } };
export const CanDeclare: Story = { args: { view: reportView({ ready: 'idle' }, { report: CAN_DECLARE, ask: { list: 'can_declare', page: 1 } }) } };
export const Empty: Story = { args: { view: reportView({ ready: 'idle' }, { report: { ...CAN_DECLARE, total: 0, data: [] }, ask: { list: 'can_declare', page: 1 } }) } };
export const Loading: Story = { args: { view: reportView('loading') } };
export const Failed: Story = { args: { view: reportView('failed') } };
export const NotAnAuditor: Story = { args: { view: reportView('failed', { error: 'Only a compliance officer (auditor) may read the CPD reports.' }) } };
export const Exporting: Story = { args: { view: reportView({ ready: 'exporting' }, { report: REPORT }) } };
export const ExportFailed: Story = { args: { view: reportView({ ready: 'idle' }, { report: REPORT, exportFailed: true }) } };
export const TraditionalChinese: Story = { globals: { locale: 'zh' } };
export const SimplifiedChinese: Story = { globals: { locale: 'cn' } };
export const CpdReportDiagram = machineDiagramStory('cpd-report');
