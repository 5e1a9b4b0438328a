import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { COMPLIANT_LEDGER, cpdProgressOf, LEDGER } from '../../machines/cpd-ledger/cpd-ledger.fixtures';
import { CpdProgressTile } from './cpd-progress-tile';

// The home page's CPD tile in each state it shows (it shows nothing while loading, failed, or without a target).
const meta = {
  title: 'Pages/Home/CPD tile',
  component: CpdProgressTile,
  args: { progress: cpdProgressOf(LEDGER), onNavigate: fn() },
} satisfies Meta<typeof CpdProgressTile>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Short: Story = {};
export const TargetMet: Story = { args: { progress: cpdProgressOf(COMPLIANT_LEDGER) } };
export const TraditionalChinese: Story = { globals: { locale: 'zh' } };
export const SimplifiedChinese: Story = { globals: { locale: 'cn' } };
