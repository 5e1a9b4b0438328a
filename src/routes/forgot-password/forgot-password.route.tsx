import { useNavigate } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import { selectForgotPasswordView } from '../../machines/forgot-password/forgot-password.selectors';
import { ForgotPasswordView } from '../../ui/forgot-password/forgot-password-view';
import { useAppConfig } from '../app-context';
import { forgotPasswordRouteMachine } from './forgot-password.actor';

export default function ForgotPasswordRoute() {
  const config = useAppConfig();
  const navigate = useNavigate();
  const actor = useActorRef(forgotPasswordRouteMachine);
  const view = useSelector(actor, selectForgotPasswordView);
  return (
    <ForgotPasswordView
      productTitle={config.productTitle}
      {...view}
      onSubmit={(payload) => actor.send({ type: 'form.submit', payload })}
      onEdit={() => actor.send({ type: 'form.edit' })}
      onNavigate={(to) => navigate(to)}
    />
  );
}
