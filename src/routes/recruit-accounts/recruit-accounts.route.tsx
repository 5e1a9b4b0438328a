import { useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { selectRecruitAccountsView } from '../../machines/recruit-accounts/recruit-accounts.selectors';
import { RecruitAccountsView } from '../../ui/recruit-accounts/recruit-accounts-view';
import { useCurrentUser } from '../app-context';
import { recruitAccountsRouteMachine } from './recruit-accounts.actor';
import { RecruitsNamespace } from './recruit-accounts-namespace';

function RecruitForm({ onCreateAnother }: { onCreateAnother: () => void }) {
  const { user } = useCurrentUser();
  const actor = useActorRef(recruitAccountsRouteMachine);
  const view = useSelector(actor, selectRecruitAccountsView);
  return (
    <RecruitAccountsView
      {...view}
      defaultManagerCode={user?.manager_id ?? ''}
      onSubmit={(payload) => actor.send({ type: 'form.submit', payload })}
      onEdit={() => actor.send({ type: 'form.edit' })}
      onCreateAnother={onCreateAnother}
    />
  );
}

/** /management/recruits (managers only: managementGuard): create a pre-recruit or recruit account. */
export default function RecruitAccountsRoute() {
  // "Create another" starts a fresh form and flow.
  const [round, setRound] = useState(0);
  return (
    <RecruitsNamespace>
      <RecruitForm key={round} onCreateAnother={() => setRound((n) => n + 1)} />
    </RecruitsNamespace>
  );
}
