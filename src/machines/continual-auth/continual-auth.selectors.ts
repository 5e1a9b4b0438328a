import type { SnapshotFrom } from 'xstate';
import { failureView, type FailureView } from '../shared/submission-error';
import type { ChallengeType, continualAuthMachine } from './continual-auth.machine';

export type ContinualAuthSnapshot = SnapshotFrom<typeof continualAuthMachine>;

/** What the continual-authentication modal (SPEC §2) shows. */
export interface ContinualAuthModalView {
  open: boolean;
  type: ChallengeType;
  /** Only the manual prompt can be cancelled. */
  cancellable: boolean;
  /** A request is pending (the challenge type, or the answer's check). */
  loading: boolean;
  failure: FailureView;
}

export function selectContinualAuthModal(snapshot: ContinualAuthSnapshot): ContinualAuthModalView {
  const open = snapshot.hasTag('prompting');
  return {
    open,
    type: snapshot.context.type,
    cancellable: open && snapshot.context.prompt?.manual === true,
    loading: open && snapshot.hasTag('busy'),
    failure: failureView(snapshot.matches({ prompting: 'failed' }), snapshot.context.error),
  };
}

export const sameModalView = (a: ContinualAuthModalView, b: ContinualAuthModalView): boolean =>
  a.open === b.open && a.type === b.type && a.cancellable === b.cancellable && a.loading === b.loading && JSON.stringify(a.failure) === JSON.stringify(b.failure);

/** The manual prompt may open (SPEC §4: only while continual authentication has not started). */
export function selectCanVerifyManually(snapshot: ContinualAuthSnapshot): boolean {
  return snapshot.can({ type: 'ca.manual' });
}

/** Prompts are really running (a learning page started them), not merely the manual check open:
 * only then does the identity-checks page say why the manual check is unavailable. */
export const selectPromptsRunning = (snapshot: ContinualAuthSnapshot): boolean => snapshot.context.started;

/** Answers the server has checked so far: a history page reloads when it changes. */
export const selectAnswered = (snapshot: ContinualAuthSnapshot): number => snapshot.context.answered;
