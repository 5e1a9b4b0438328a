import { machineDiagramStory } from '../testing/machine-diagram';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { TEAM_CLAIMS, TEAM_CLAIMS_AFTER_ELSEWHERE, decisionView } from '../../machines/cpd-claim-decision/cpd-claim-decision.fixtures';
import { CpdClaimDecisionView } from './cpd-claim-decision-view';

// DESIGN §4: every visible state of /cpd/team's claims to decide, its props built from the machine's state through the selectors.
const callbacks = { onRetry: fn(), onOpenEvidence: fn(), onApprove: fn(), onOpenReject: fn(), onReasonChange: fn(), onCancelReject: fn(), onConfirmReject: fn() };
const meta = {
  title: 'Pages/CPD claims to decide',
  component: CpdClaimDecisionView,
  args: { view: decisionView({ ready: 'idle' }, { claims: TEAM_CLAIMS }), ...callbacks },
} satisfies Meta<typeof CpdClaimDecisionView>;
export default meta;
type Story = StoryObj<typeof meta>;

const approving = { id: '41', decision: { decision: 'approve' as const } };
const rejecting = { id: '44', reason: 'The certificate shows no date.' };

export const Ready: Story = {};
export const Loading: Story = { args: { view: decisionView('loading') } };
export const Failed: Story = { args: { view: decisionView('failed') } };
export const FailedWithReason: Story = { args: { view: decisionView('failed', { error: 'Please sign in to continue.' }) } };
export const Empty: Story = { args: { view: decisionView({ ready: 'idle' }, { claims: [] }) } };
export const Approving: Story = { args: { view: decisionView('deciding', { claims: TEAM_CLAIMS, deciding: approving }) } };
export const Approved: Story = { args: { view: decisionView({ ready: 'idle' }, { claims: TEAM_CLAIMS_AFTER_ELSEWHERE, decided: { name: 'Chan Tai Man', decision: 'approve' } }) } };
export const RejectDialogEmpty: Story = { args: { view: decisionView({ ready: 'rejecting' }, { claims: TEAM_CLAIMS, rejecting: { id: '44', reason: '' } }) } };
export const RejectDialogWithReason: Story = { args: { view: decisionView({ ready: 'rejecting' }, { claims: TEAM_CLAIMS, rejecting }) } };
export const Rejecting: Story = { args: { view: decisionView('deciding', { claims: TEAM_CLAIMS, rejecting, deciding: { id: '44', decision: { decision: 'reject', reason: rejecting.reason } } }) } };
export const RejectFailed: Story = { args: { view: decisionView({ ready: 'rejecting' }, { claims: TEAM_CLAIMS, rejecting, decisionError: '' }) } };
export const Rejected: Story = { args: { view: decisionView({ ready: 'idle' }, { claims: [TEAM_CLAIMS[0]], decided: { name: 'Lee Ka Yan', decision: 'reject' } }) } };
export const DecidedElsewhere: Story = { args: { view: decisionView('refused', { claims: TEAM_CLAIMS, refusal: 'This claim has been decided already.', deciding: approving }) } };
export const DecidedElsewhereRefreshed: Story = { args: { view: decisionView({ ready: 'idle' }, { claims: TEAM_CLAIMS_AFTER_ELSEWHERE, refusal: 'This claim has been decided already.' }) } };
export const DecisionFailed: Story = { args: { view: decisionView({ ready: 'idle' }, { claims: TEAM_CLAIMS, decisionError: '' }) } };
export const EvidenceFailed: Story = { args: { evidenceFailed: true } };
export const TraditionalChinese: Story = { globals: { locale: 'zh' } };
export const SimplifiedChinese: Story = { globals: { locale: 'cn' } };
export const CpdClaimDecisionDiagram = machineDiagramStory('cpd-claim-decision');
