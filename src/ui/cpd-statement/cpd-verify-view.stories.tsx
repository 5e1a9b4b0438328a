import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { CERTIFICATE_VERIFICATION, cpdVerifyViewAt, GENUINE_CODE, STATEMENT_VERIFICATION } from '../../machines/cpd-statement/cpd-statement.fixtures';
import { machineDiagramStory } from '../testing/machine-diagram';
import { CpdVerifyView } from './cpd-verify-view';

// DESIGN §4: every visible state of the public /verify page, its props built from the machine's state through the selectors.
const meta = {
  title: 'Pages/CPD verify',
  component: CpdVerifyView,
  args: { view: cpdVerifyViewAt(), onEdit: fn(), onSubmit: fn(), onRetry: fn() },
} satisfies Meta<typeof CpdVerifyView>;
export default meta;
type Story = StoryObj<typeof meta>;

const checked = { code: GENUINE_CODE, checked: GENUINE_CODE };
export const Empty: Story = {};
export const Typed: Story = { args: { view: cpdVerifyViewAt('idle', { code: 'abcd-efgh-jklm' }) } };
export const Malformed: Story = { args: { view: cpdVerifyViewAt('idle', { code: 'ABC-123' }) } };
export const Checking: Story = { args: { view: cpdVerifyViewAt('checking', checked) } };
export const GenuineStatement: Story = { args: { view: cpdVerifyViewAt('genuine', { ...checked, verification: STATEMENT_VERIFICATION }) } };
export const GenuineCertificate: Story = { args: { view: cpdVerifyViewAt('genuine', { ...checked, verification: CERTIFICATE_VERIFICATION }) } };
export const NotGenuine: Story = { args: { view: cpdVerifyViewAt('notGenuine', checked) } };
export const Failed: Story = { args: { view: cpdVerifyViewAt('failed', checked) } };
export const FailedWithServerText: Story = { args: { view: cpdVerifyViewAt('failed', { ...checked, error: 'Too many failed attempts. Please try again in 5 s.' }) } };
export const TraditionalChinese: Story = { ...GenuineStatement, globals: { locale: 'zh' } };
export const SimplifiedChinese: Story = { ...GenuineCertificate, globals: { locale: 'cn' } };
export const CpdStatementDiagram = machineDiagramStory('cpd-statement');
