import type { SnapshotFrom } from 'xstate';
import type { NewJoinerWelcomeLink } from '../../config/new-joiner-welcome';
import type { newJoinerWelcomeMachine } from './new-joiner-welcome.machine';

export type NewJoinerWelcomeSnapshot = SnapshotFrom<typeof newJoinerWelcomeMachine>;

export interface NewJoinerWelcomeViewModel {
  /** showing: the welcome; leaving: the dismissal is being recorded, or the page is being left;
   * failed: the dismissal could not be recorded (retry, or go on all the same). */
  status: 'showing' | 'leaving' | 'failed';
  /** The learning map's link is shown (its feature is on). */
  showLearningMap: boolean;
  /** The link chosen (the one the page is leaving by, or the one a retry leads to). */
  link: NewJoinerWelcomeLink | null;
  /** The links are not clickable (a dismissal is on its way, or the page is left). */
  busy: boolean;
}

export function selectNewJoinerWelcomeView(s: NewJoinerWelcomeSnapshot): NewJoinerWelcomeViewModel {
  const status = s.matches('failed') ? 'failed' : s.matches('showing') ? 'showing' : 'leaving';
  return { status, showLearningMap: s.context.learningMap, link: s.context.link, busy: status === 'leaving' };
}
