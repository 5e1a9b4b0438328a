import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import type { LoginPayload } from '../../api/schemas/sign-in.schema';
import { changeLanguage } from '../../i18n';
import { selectSignInView } from '../../machines/sign-in/sign-in.selectors';
import { SignInView } from '../../ui/sign-in/sign-in-view';
import { useAppConfig } from '../app-context';
import { useSession } from '../session/session-provider';
import { takeRedirectTarget } from './after-sign-in';
import { signInRouteMachine } from './sign-in.actor';
import { LoadingOverlay } from '../../ui/layout/loading-overlay';

// The code step (its machine and view) is only for accounts with two-factor on: its own chunk, so
// that /login does not load and build its machine before the first render (ADR 035). It starts
// loading when the password form is sent, so it is there when the server asks for the code.
const loadTwoFactorSignIn = () => import('../two-factor/two-factor-sign-in');
const TwoFactorSignIn = lazy(() => loadTwoFactorSignIn().then((m) => ({ default: m.TwoFactorSignIn })));

interface PasswordStepProps {
  onSignedIn: () => void;
  /** The account has two-factor on: the code step continues with these credentials. */
  onCodeRequired: (credentials: LoginPayload) => void;
}

/** The password step (the sign-in machine). */
function PasswordStep({ onSignedIn, onCodeRequired }: PasswordStepProps) {
  const config = useAppConfig();
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const actor = useActorRef(signInRouteMachine);
  const view = useSelector(actor, selectSignInView);

  useEffect(() => {
    if (view.succeeded) onSignedIn();
  }, [view.succeeded, onSignedIn]);
  useEffect(() => {
    if (view.codeFor) onCodeRequired(view.codeFor);
  }, [view.codeFor, onCodeRequired]);

  return (
    <SignInView
      productTitle={config.productTitle}
      busy={view.busy || view.succeeded}
      failure={view.failure}
      language={i18n.language}
      showLanguageSelect={config.login.languageChange}
      showForgotPassword={config.login.forgotPassword}
      onSubmit={(payload) => {
        void loadTwoFactorSignIn().catch(() => undefined);
        actor.send({ type: 'form.submit', payload });
      }}
      onEdit={() => actor.send({ type: 'form.edit' })}
      onLanguageChange={(lang) => void changeLanguage(i18n, lang)}
      onNavigate={(to) => navigate(to)}
    />
  );
}

export default function LoginRoute() {
  const config = useAppConfig();
  const navigate = useNavigate();
  const { search } = useLocation();
  const session = useSession();
  const [codeFor, setCodeFor] = useState<LoginPayload | null>(null);

  const signedIn = useCallback(() => {
    // The token is stored: the session (and its idle timeout) starts.
    session.signedIn();
    // Back to the remembered page with the query kept on /login (a quiz's ?q=, issue 13).
    navigate(takeRedirectTarget(search), { replace: true });
  }, [navigate, search, session]);
  const backToPassword = useCallback(() => setCodeFor(null), []);

  if (codeFor) {
    return (
      <Suspense fallback={<LoadingOverlay fullPage />}>
        <TwoFactorSignIn productTitle={config.productTitle} credentials={codeFor} onSignedIn={signedIn} onCancel={backToPassword} />
      </Suspense>
    );
  }
  return <PasswordStep onSignedIn={signedIn} onCodeRequired={setCodeFor} />;
}
