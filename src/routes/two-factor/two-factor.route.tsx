import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import { deactivationPayload } from '../../api/schemas/two-factor.schema';
import { selectTwoFactorSettingView } from '../../machines/two-factor/two-factor.selectors';
import { TwoFactorSettingView } from '../../ui/two-factor/two-factor-setting-view';
import { useAppConfig, useCurrentUser } from '../app-context';
import { twoFactorRouteMachine } from './two-factor.actor';

/** /setting/two-factor: status, activation and deactivation (SPEC §4 Two-factor). */
export default function TwoFactorRoute() {
  const config = useAppConfig();
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const actor = useActorRef(twoFactorRouteMachine);
  const view = useSelector(actor, selectTwoFactorSettingView);
  const send = actor.send;

  useEffect(() => {
    // Ignored once started (StrictMode runs effects twice).
    send({ type: 'manage.start' });
  }, [send]);

  // SPEC §4: deactivation returns a new token and logs the user out (the logout page ends the session).
  const leave = view.step === 'deactivated';
  useEffect(() => {
    if (leave) navigate('/logout', { replace: true });
  }, [leave, navigate]);

  return (
    <TwoFactorSettingView
      {...view}
      productTitle={config.productTitle}
      externalId={user?.external_id ?? null}
      onStart={() => send({ type: 'activation.start' })}
      onPasswordSubmit={(payload) => send({ type: 'password.submit', payload })}
      onPasswordEdit={() => send({ type: 'password.edit' })}
      onNext={() => send({ type: 'activation.next' })}
      onBack={() => send({ type: 'activation.back' })}
      onCancel={() => send({ type: 'activation.cancel' })}
      onCodeSubmit={(code) => send({ type: 'code.submit', code })}
      onCodeEdit={() => send({ type: 'code.edit' })}
      onDeactivate={() => send({ type: 'deactivation.start' })}
      onConfirmDeactivate={(proof) => send({ type: 'deactivation.confirm', payload: deactivationPayload(proof) })}
      onProofEdit={() => send({ type: 'proof.edit' })}
      onCancelDeactivate={() => send({ type: 'deactivation.cancel' })}
      onRetry={() => send({ type: 'info.retry' })}
      onSignInAgain={() => navigate('/logout')}
      onNavigate={(to) => navigate(to)}
    />
  );
}
