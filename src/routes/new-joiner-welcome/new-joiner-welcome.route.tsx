import { useActorRef, useSelector } from '@xstate/react';
import { selectNewJoinerWelcomeView } from '../../machines/new-joiner-welcome/new-joiner-welcome.selectors';
import { NewJoinerWelcomeView } from '../../ui/new-joiner-welcome/new-joiner-welcome-view';
import { newJoinerWelcomeRouteMachine } from './new-joiner-welcome.actor';

/** Provider + selectors → view props. Add it to src/routes/router.tsx under its path. */
export default function NewJoinerWelcomeRoute() {
  const actor = useActorRef(newJoinerWelcomeRouteMachine);
  const view = useSelector(actor, selectNewJoinerWelcomeView);
  return <NewJoinerWelcomeView {...view} onRetry={() => actor.send({ type: 'retry' })} />;
}
