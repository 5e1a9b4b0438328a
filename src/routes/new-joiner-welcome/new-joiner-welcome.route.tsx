import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { selectNewJoinerWelcomeView } from '../../machines/new-joiner-welcome/new-joiner-welcome.selectors';
import { NewJoinerWelcomeView } from '../../ui/new-joiner-welcome/new-joiner-welcome-view';
import { useAppConfig, useCurrentUser } from '../app-context';
import { newJoinerWelcomeRouteMachine } from './new-joiner-welcome.actor';
import { NewJoinerWelcomeNamespace } from './new-joiner-welcome-namespace';

function NewJoinerWelcomePage({ due, learningMap }: { due: boolean; learningMap: boolean }) {
  const navigate = useNavigate();
  const [machine] = useState(() => newJoinerWelcomeRouteMachine((to) => navigate(to)));
  const actor = useActorRef(machine, { input: { due, learningMap } });
  const view = useSelector(actor, selectNewJoinerWelcomeView);
  return <NewJoinerWelcomeView view={view} onLeave={(link) => actor.send({ type: 'leave', link })} onRetry={() => actor.send({ type: 'retry' })} />;
}

/** /welcome (issue 47, ADR 102): the layout sends a new joiner here once after the forced password
 * change; the settings open it again (then the dismissal is already recorded: nothing is sent). */
export default function NewJoinerWelcomeRoute() {
  // The layout shows its pages once the user is known.
  const due = useCurrentUser().user?.welcome_due ?? false;
  const learningMap = useAppConfig().appEnabledFunction.learningMap;
  return (
    <NewJoinerWelcomeNamespace>
      <NewJoinerWelcomePage due={due} learningMap={learningMap} />
    </NewJoinerWelcomeNamespace>
  );
}
