import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { fn } from 'storybook/test';
import { APPROVED_CLAIM, cpdClaimViewAt, DRAFT_WITH_FILE, PENDING_CLAIM, REJECTED_CLAIM } from '../../machines/cpd-claim/cpd-claim.fixtures';
import { machineDiagramStory } from '../testing/machine-diagram';
import { CpdClaimView } from './cpd-claim-view';

// DESIGN §4: every visible state of the claim pages, their props built from the machine's state through the selectors.
const meta = {
  title: 'Pages/CPD claim',
  component: CpdClaimView,
  decorators: [
    (Story) => (
      <MemoryRouter>
        <Story />
      </MemoryRouter>
    ),
  ],
  args: { view: cpdClaimViewAt('editing'), limits: { file: 209_715_200, image: 2_097_152 }, onSubmit: fn(), onEdit: fn(), onCorrect: fn(), onRetry: fn(), onOpenEvidence: fn() },
} satisfies Meta<typeof CpdClaimView>;
export default meta;
type Story = StoryObj<typeof meta>;

const rejected = { claimId: REJECTED_CLAIM.id, claim: REJECTED_CLAIM };
export const NewClaim: Story = {};
export const Sending: Story = { args: { view: cpdClaimViewAt('submitting', { draft: DRAFT_WITH_FILE }) } };
export const Refused: Story = { args: { view: cpdClaimViewAt('refused', { draft: DRAFT_WITH_FILE, error: 'The activity cannot end after today.' }) } };
export const RefusedGeneric: Story = { args: { view: cpdClaimViewAt('refused', { draft: DRAFT_WITH_FILE }) } };
export const Sent: Story = { args: { view: cpdClaimViewAt('submitted', { claimId: PENDING_CLAIM.id, claim: PENDING_CLAIM }) } };
export const Loading: Story = { args: { view: cpdClaimViewAt('loading', { claimId: '41' }) } };
export const LoadFailed: Story = { args: { view: cpdClaimViewAt('failed', { claimId: '41', error: 'This CPD claim does not exist or is not yours to see.' }) } };
export const Pending: Story = { args: { view: cpdClaimViewAt('shown', { claimId: PENDING_CLAIM.id, claim: PENDING_CLAIM }) } };
export const Approved: Story = { args: { view: cpdClaimViewAt('shown', { claimId: APPROVED_CLAIM.id, claim: APPROVED_CLAIM }) } };
export const Rejected: Story = { args: { view: cpdClaimViewAt('shown', rejected) } };
export const Correcting: Story = { args: { view: cpdClaimViewAt('editing', rejected) } };
export const TraditionalChinese: Story = { globals: { locale: 'zh' } };
export const SimplifiedChinese: Story = { globals: { locale: 'cn' } };
export const Phone: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };
export const CpdClaimDiagram = machineDiagramStory('cpd-claim');
