import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { LoginPayload } from '../../api/schemas/sign-in.schema';
import { selectTwoFactorCodeView } from '../../machines/two-factor/two-factor.selectors';
import { TwoFactorCodeView } from '../../ui/two-factor/two-factor-code-view';
import { twoFactorRouteMachine } from './two-factor.actor';

export interface TwoFactorSignInProps {
  productTitle: string;
  /** What the login accepted before answering MissingCredential. */
  credentials: LoginPayload;
  /** The token (with g2fa) is stored. */
  onSignedIn: () => void;
  onCancel: () => void;
}

/** The login page's code step: auth/2fa/verify with the same credentials and the 6-digit code. */
export function TwoFactorSignIn({ productTitle, credentials, onSignedIn, onCancel }: TwoFactorSignInProps) {
  const actor = useActorRef(twoFactorRouteMachine);
  const view = useSelector(actor, selectTwoFactorCodeView);
  const send = actor.send;

  useEffect(() => {
    send({ type: 'signIn.start', credentials });
  }, [send, credentials]);

  useEffect(() => {
    if (view.signedIn) onSignedIn();
  }, [view.signedIn, onSignedIn]);
  useEffect(() => {
    if (view.cancelled) onCancel();
  }, [view.cancelled, onCancel]);

  return (
    <TwoFactorCodeView
      productTitle={productTitle}
      busy={view.busy || view.signedIn}
      failure={view.failure}
      onSubmit={(code) => send({ type: 'code.submit', code })}
      onEdit={() => send({ type: 'code.edit' })}
      onCancel={() => send({ type: 'code.cancel' })}
    />
  );
}
