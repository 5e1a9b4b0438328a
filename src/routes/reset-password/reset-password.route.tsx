import { useNavigate, useSearchParams } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import { selectResetPasswordView } from '../../machines/reset-password/reset-password.selectors';
import { ResetPasswordView } from '../../ui/reset-password/reset-password-view';
import { useAppConfig } from '../app-context';
import { resetPasswordRouteMachine } from './reset-password.actor';

/** /reset-password?token=…: the forgot-password email's link; outside the layout, no guard. */
export default function ResetPasswordRoute() {
  const config = useAppConfig();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const actor = useActorRef(resetPasswordRouteMachine);
  const view = useSelector(actor, selectResetPasswordView);
  const token = params.get('token')?.trim() || null;
  return (
    <ResetPasswordView
      productTitle={config.productTitle}
      token={token}
      {...view}
      onSubmit={(payload) => actor.send({ type: 'form.submit', payload })}
      onEdit={() => actor.send({ type: 'form.edit' })}
      onNavigate={(to) => navigate(to)}
    />
  );
}
