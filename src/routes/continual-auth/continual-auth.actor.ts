import { fromPromise } from 'xstate';
import { ApiRequestError } from '../../api/api-error';
import { checkAuthenticator, checkPassword, CurrentUserUnavailableError } from '../../api/continual-auth.api';
import { getTwoFactorInfo } from '../../api/two-factor.api';
import {
  continualAuthMachine,
  UserUnavailableError,
  type ChallengeType,
  type CheckIdentityInput,
} from '../../machines/continual-auth/continual-auth.machine';
import { SubmissionError } from '../../machines/shared/submission-error';
import { createLearningControls, type LearningControl, type LearningControls } from './learning-controls';

// The ONE place that wires the continual-auth machine to real I/O (DESIGN §2): the identity-check
// calls, two-factor info, window.alert, and the shown lesson's on-screen timer and video player.

export interface ContinualAuthWiring {
  /** i18next's t, in the current language. */
  translate: (key: string) => string;
  alert?: (message: string) => void;
  /** Told when a prompt finds no timer or player to pause (a page without one). */
  log?: (message: string) => void;
  /** The layout's registry of the shown page's actors (ADR 019). */
  controls?: LearningControls;
}

/** The answer's check; failures become what the machine understands. */
export async function checkIdentity({ type, answer, courseId, itemId }: CheckIdentityInput): Promise<void> {
  try {
    if (type === 'authenticator') await checkAuthenticator(answer, { courseId, itemId });
    else await checkPassword(answer, { courseId, itemId });
  } catch (error) {
    if (error instanceof CurrentUserUnavailableError) throw new UserUnavailableError({ cause: error });
    // The server's own translated words; anything else shows the modal's generic text.
    throw new SubmissionError(error instanceof ApiRequestError ? error.message : null);
  }
}

/** SPEC §6: the challenge type is the caller's; ours is the authenticator when two-factor is on. */
export async function challengeType(): Promise<ChallengeType> {
  return (await getTwoFactorInfo()).enabled ? 'authenticator' : 'password';
}

export function continualAuthLogic({
  translate,
  alert = (m) => window.alert(m),
  log = (m) => console.info(m),
  controls = createLearningControls(),
}: ContinualAuthWiring) {
  const control = (name: LearningControl) => () => {
    if (!controls.run(name)) log(`continual-auth: ${name}: nothing on this page to control`);
  };
  return continualAuthMachine.provide({
    actors: {
      challengeType: fromPromise(challengeType),
      checkIdentity: fromPromise<void, CheckIdentityInput>(({ input }) => checkIdentity(input)),
    },
    actions: {
      pauseTimer: control('pauseTimer'),
      restartTimer: control('restartTimer'),
      pauseVideo: control('pauseVideo'),
      restartVideo: control('restartVideo'),
      // SPEC §8: 'error: fail to get username'.
      alertNoUser: () => alert(translate('continual-auth:fail_to_get_username')),
    },
  });
}
