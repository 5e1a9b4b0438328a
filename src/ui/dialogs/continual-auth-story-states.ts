// Props of the continual-auth modal, built from the machine's own states (DESIGN §4), for stories.
import { specDefaultAppConfig } from '../../config/app-config.defaults';
import { continualAuthMachine, type ChallengeType, type ContinualAuthContext } from '../../machines/continual-auth/continual-auth.machine';
import { selectContinualAuthModal, type ContinualAuthModalView } from '../../machines/continual-auth/continual-auth.selectors';

type PromptState = 'preparing' | 'editing' | 'checking' | 'failed';

/** The modal in `prompting.<state>` for a scheduled (or, with `manual`, a cancellable) prompt. */
export function continualAuthModalAt(state: PromptState, type: ChallengeType, { manual = false, error = null as string | null } = {}): ContinualAuthModalView {
  const context: ContinualAuthContext = {
    settings: { ...specDefaultAppConfig.appEnabledFunction.continualAuthentication, enabled: true },
    ids: manual ? [] : ['course:1'],
    current: manual ? null : { id: 'course:1', courseId: '1', itemId: null },
    enabled: !manual,
    started: !manual,
    delayMs: 15 * 60_000,
    capMs: null,
    prompt: { manual, courseId: manual ? null : '1', itemId: null },
    type,
    error,
    answered: state === 'failed' ? 1 : 0,
    result: null,
  };
  return selectContinualAuthModal(continualAuthMachine.resolveState({ value: { prompting: state }, context }));
}
