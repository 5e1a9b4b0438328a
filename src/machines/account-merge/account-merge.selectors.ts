import type { SnapshotFrom } from 'xstate';
import type { MergePreview, MergeRequestResponse, MergeResult, MergeUndone } from '../../api/schemas/account-merge.schema';
import { failureView, type FailureView } from '../shared/submission-error';
import type { accountMergeMachine } from './account-merge.machine';

export type AccountMergeSnapshot = SnapshotFrom<typeof accountMergeMachine>;

/** Which screen of the flow shows. */
export type AccountMergeStep = 'form' | 'sent' | 'loading' | 'linkFailed' | 'preview' | 'done' | 'undoOffer' | 'undone';

export interface AccountMergeViewModel {
  step: AccountMergeStep;
  busy: boolean;
  /** The request form's failure (form step) or the agent sign-in's (preview step). */
  failure: FailureView;
  sent: MergeRequestResponse | null;
  preview: MergePreview | null;
  result: MergeResult | null;
  /** Whether the done page offers the undo (issue 43). */
  canUndo: boolean;
  /** The undo's refusal (too late, undone already). */
  undoError: FailureView;
  undone: MergeUndone | null;
  /** The link page's refusal (used, expired, unknown, agent merged already). */
  linkError: FailureView;
}

export function selectAccountMergeView(snapshot: AccountMergeSnapshot): AccountMergeViewModel {
  const m = (s: string) => snapshot.matches(s as never);
  const { context } = snapshot;
  const step: AccountMergeStep =
    m('editing') || m('requesting') || m('requestFailed')
      ? 'form'
      : m('sent')
        ? 'sent'
        : m('loadingPreview')
          ? 'loading'
          : m('linkFailed')
            ? 'linkFailed'
            : m('undoOffered') || ((m('undoing') || m('undoFailed')) && context.result === null)
              ? 'undoOffer'
              : m('done') || m('undoing') || m('undoFailed')
                ? 'done'
                : m('undone')
                  ? 'undone'
                  : 'preview';
  return {
    step,
    busy: snapshot.hasTag('busy'),
    failure: failureView(m('requestFailed') || m('completeFailed'), context.error),
    sent: context.sent,
    preview: context.preview,
    result: context.result,
    canUndo: ((m('done') || m('undoFailed')) && context.result !== null) || m('undoOffered') || (m('undoFailed') && context.undoToken !== null),
    undoError: failureView(m('undoFailed'), context.error),
    undone: context.undone,
    linkError: failureView(m('linkFailed'), context.error),
  };
}
