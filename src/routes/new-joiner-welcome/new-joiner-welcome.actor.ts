import { fromPromise } from 'xstate';
import { peekCurrentUser, replaceCurrentUser } from '../../api/current-user';
import { dismissWelcome } from '../../api/new-joiner-welcome.api';
import { NEW_JOINER_WELCOME_LINKS, type NewJoinerWelcomeLink } from '../../config/new-joiner-welcome';
import { newJoinerWelcomeMachine } from '../../machines/new-joiner-welcome/new-joiner-welcome.machine';

/** The one place the welcome's machine meets the API and the router (DESIGN §2): POST
 * new-joiner-welcome, then the loaded user's welcome_due is false, so the layout sends nobody back
 * here; leaving goes to the chosen link's page. */
export function newJoinerWelcomeRouteMachine(navigate: (to: string) => void) {
  return newJoinerWelcomeMachine.provide({
    actors: {
      dismiss: fromPromise<void>(async () => {
        await dismissWelcome();
        const user = peekCurrentUser();
        if (user) replaceCurrentUser({ ...user, welcome_due: false });
      }),
    },
    actions: {
      goTo: (_, { link }: { link: NewJoinerWelcomeLink }) => navigate(NEW_JOINER_WELCOME_LINKS[link]),
    },
  });
}
