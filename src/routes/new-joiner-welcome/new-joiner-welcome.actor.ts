import { fromPromise } from 'xstate';
import { getNewJoinerWelcome } from '../../api/new-joiner-welcome.api';
import type { NewJoinerWelcomeItem } from '../../api/schemas/new-joiner-welcome.schema';
import { newJoinerWelcomeMachine } from '../../machines/new-joiner-welcome/new-joiner-welcome.machine';

/** The one place the new-joiner-welcome machine meets the API (DESIGN §2). */
export const newJoinerWelcomeRouteMachine = newJoinerWelcomeMachine.provide({
  actors: {
    load: fromPromise<NewJoinerWelcomeItem[]>(async () => (await getNewJoinerWelcome()).items),
  },
});
