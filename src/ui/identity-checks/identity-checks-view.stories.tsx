import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { IdentityChecksResponse } from '../../api/schemas/identity-checks.schema';
import { IdentityChecksView } from './identity-checks-view';

const at = (minutesAgo: number) => new Date(Date.UTC(2026, 0, 5, 9, 30) - minutesAgo * 60_000).toISOString();
const page: IdentityChecksResponse = {
  data: [
    { id: '4', type: 'password', outcome: 'success', course_id: '1', item_id: null, created_at: at(0) },
    { id: '3', type: 'password', outcome: 'failure', course_id: '1', item_id: null, created_at: at(1) },
    { id: '2', type: 'authenticator', outcome: 'success', course_id: '12', item_id: '7', created_at: at(22) },
    { id: '1', type: 'authenticator', outcome: 'failure', course_id: null, item_id: null, created_at: at(60) },
  ],
  page: 1,
  per_page: 10,
  total: 4,
};

/** The learner's identity-check history (continual-authentication evidence). */
const meta = {
  title: 'Pages/IdentityChecks',
  component: IdentityChecksView,
  args: { status: 'ready', result: page, canVerify: true, promptsRunning: false, showVerify: true, onVerify: fn(), onPage: fn(), onRetry: fn() },
} satisfies Meta<typeof IdentityChecksView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Checks: Story = {};
export const Empty: Story = { args: { result: { data: [], page: 1, per_page: 10, total: 0 } } };
export const Loading: Story = { args: { status: 'loading', result: null } };
export const LoadFailed: Story = { args: { status: 'failed', result: null } };
/** Page 2 of 3. */
export const Paged: Story = { args: { result: { ...page, page: 2, total: 25 } } };
/** Prompts are running on a learning page: no manual check now. */
export const VerifyUnavailable: Story = { args: { canVerify: false, promptsRunning: true } };
/** The manual check is open (its dialog above): the button waits, with no reason to give. */
export const ManualCheckOpen: Story = { args: { canVerify: false, promptsRunning: false } };
