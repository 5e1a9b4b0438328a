import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { MergePreview, MergeRequestResponse, MergeResult, MergeUndone } from '../../api/schemas/account-merge.schema';
import { accountMergeMachine, type AccountMergeContext } from '../../machines/account-merge/account-merge.machine';
import { selectAccountMergeView } from '../../machines/account-merge/account-merge.selectors';
import { AccountMergeView } from './account-merge-view';
import { machineDiagramStory } from '../testing/machine-diagram';

const sent: MergeRequestResponse = { email: 'agent10@agent-academy.test', expires_at: '2026-01-15T10:00:00.000Z' };
const preview: MergePreview = {
  recruit: { external_id: 'recruit01', name: 'Ho Mei Ling' },
  agent: { external_id: 'agent10', name: 'Kwok Ming Fai' },
  moves: [
    { table: 'on_screen_logs', count: 6 },
    { table: 'course_enrolments', count: 2 },
    { table: 'course_likes', count: 1 },
    { table: 'identity_checks', count: 3 },
    { table: 'offline_enrolments', count: 1 },
  ],
  combined: [{ table: 'course_enrolments', count: 1 }],
  conflicts: [],
  courses: ['Time Management for New Agents', 'Personal Data Privacy in Insurance'],
  classroom: ['Compliance Refresher'],
  undo_days: 7,
  expires_at: sent.expires_at,
};
const result: MergeResult = {
  merge_id: '1',
  recruit: preview.recruit,
  agent: preview.agent,
  moves: preview.moves,
  combined: preview.combined,
  conflicts: preview.conflicts,
  undo_token: 'undo',
  undo_until: '2026-01-22T10:00:00.000Z',
};
const undone: MergeUndone = { recruit: preview.recruit, agent: preview.agent };

type Value =
  | 'editing'
  | 'requesting'
  | 'requestFailed'
  | 'sent'
  | 'loadingPreview'
  | 'linkFailed'
  | 'preview'
  | 'completing'
  | 'completeFailed'
  | 'done'
  | 'undoOffered'
  | 'undoing'
  | 'undoFailed'
  | 'undone';
const state = (value: Value, context: Partial<AccountMergeContext> = {}) =>
  selectAccountMergeView(accountMergeMachine.resolveState({ value, context: { token: 'tok', sent: null, preview: null, result: null, undone: null, undoToken: null, error: null, ...context } }));

const meta = {
  title: 'Pages/AccountMerge',
  component: AccountMergeView,
  args: { view: state('editing'), formatTime: (iso: string) => new Date(iso).toUTCString(), onRequest: fn(), onConfirm: fn(), onEdit: fn(), onUndo: fn(), onNavigate: fn() },
} satisfies Meta<typeof AccountMergeView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Form: Story = {};
export const Requesting: Story = { args: { view: state('requesting') } };
export const CannotIdentify: Story = {
  args: { view: state('requestFailed', { error: 'We cannot identify your agent code or company email. Please contact the learning and development team at learning@agent-academy.test.' }) },
};
export const AgentAlreadyMerged: Story = { args: { view: state('requestFailed', { error: 'This agent account has already been merged before.' }) } };
export const CheckYourEmail: Story = { args: { view: state('sent', { sent }) } };
export const CheckingTheLink: Story = { args: { view: state('loadingPreview') } };
export const LinkUsed: Story = { args: { view: state('linkFailed', { error: 'This verification link has already been used.' }) } };
export const LinkExpired: Story = { args: { view: state('linkFailed', { error: 'This verification link has expired. Please ask for a new one.' }) } };
export const Preview: Story = { args: { view: state('preview', { preview }) } };
export const PreviewNothingToMove: Story = { args: { view: state('preview', { preview: { ...preview, moves: [], combined: [], conflicts: [], courses: [], classroom: [] } }) } };
export const PreviewWithConflicts: Story = { args: { view: state('preview', { preview: { ...preview, conflicts: [{ table: 'quiz_attempts', count: 1 }] } }) } };
export const Merging: Story = { args: { view: state('completing', { preview }) } };
export const WrongPassword: Story = { args: { view: state('completeFailed', { preview, error: 'The agent code or password is incorrect.' }) } };
export const Done: Story = { args: { view: state('done', { preview, result }) } };
export const Undoing: Story = { args: { view: state('undoing', { preview, result }) } };
export const UndoTooLate: Story = {
  args: { view: state('undoFailed', { preview, result, error: 'A merge can be undone within 7 days; that time has passed. Please contact the learning and development team.' }) },
};
export const Undone: Story = { args: { view: state('undone', { preview, result, undone }) } };
export const UndoLinkOpened: Story = { args: { view: state('undoOffered', { token: null, undoToken: 'mailed' }) } };
export const UndoLinkTooLate: Story = {
  args: { view: state('undoFailed', { token: null, undoToken: 'mailed', error: 'A merge can be undone within 7 days; that time has passed. Please contact the learning and development team.' }) },
};

// The machine behind these stories (docs/machines/, generated from its definition).
export const AccountMergeDiagram = machineDiagramStory('account-merge');
