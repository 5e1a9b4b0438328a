import { useNavigate } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import { selectChangePasswordView } from '../../machines/change-password/change-password.selectors';
import { ChangePasswordView } from '../../ui/change-password/change-password-view';
import { useCurrentUser } from '../app-context';
import { changePasswordRouteMachine } from './change-password.actor';

export default function ChangePasswordRoute() {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const actor = useActorRef(changePasswordRouteMachine);
  const view = useSelector(actor, selectChangePasswordView);
  return (
    <ChangePasswordView
      {...view}
      forced={user?.password_reset === false}
      onSubmit={(payload) => actor.send({ type: 'form.submit', payload })}
      onEdit={() => actor.send({ type: 'form.edit' })}
      onNavigate={(to) => navigate(to)}
    />
  );
}
