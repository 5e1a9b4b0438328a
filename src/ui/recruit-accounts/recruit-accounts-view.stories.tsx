import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { RecruitAccount } from '../../api/schemas/recruit-accounts.schema';
import { recruitAccountsMachine } from '../../machines/recruit-accounts/recruit-accounts.machine';
import { selectRecruitAccountsView } from '../../machines/recruit-accounts/recruit-accounts.selectors';
import { RecruitAccountsView } from './recruit-accounts-view';
import { machineDiagramStory } from '../testing/machine-diagram';

const created: RecruitAccount = {
  id: '42',
  external_id: 'R0412345',
  name: 'Tam Ka Ho',
  email: 'ka.ho.tam@personal.test',
  kind: 'recruit',
  upline: { external_id: 'manager01', name: 'Cheung Wai Kit', manager_id: 'M0001' },
};

const state = (value: 'editing' | 'submitting' | 'failed' | 'succeeded', context: { result?: RecruitAccount | null; error?: string | null } = {}) =>
  selectRecruitAccountsView(recruitAccountsMachine.resolveState({ value, context: { result: null, error: null, ...context } }));

const meta = {
  title: 'Pages/RecruitAccounts',
  component: RecruitAccountsView,
  args: { defaultManagerCode: 'M0001', onSubmit: fn(), onEdit: fn(), onCreateAnother: fn(), ...state('editing') },
} satisfies Meta<typeof RecruitAccountsView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Editing: Story = {};
export const Submitting: Story = { args: state('submitting') };
export const EmailAlreadyUsed: Story = { args: state('failed', { error: 'This email is already used by another account.' }) };
export const ManagerDoesNotExist: Story = { args: state('failed', { error: 'The manager does not exist.' }) };
export const FailedGeneric: Story = { args: state('failed') };
export const Created: Story = { args: state('succeeded', { result: created }) };

// The machine behind these stories (docs/machines/, generated from its definition).
export const RecruitAccountsDiagram = machineDiagramStory('recruit-accounts');
