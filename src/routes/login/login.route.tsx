import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import { changeLanguage } from '../../i18n';
import { selectSignInView } from '../../machines/sign-in/sign-in.selectors';
import { LoginView } from '../../ui/login/login-view';
import { useAppConfig } from '../app-context';
import { useSession } from '../session/session-provider';
import { takeRedirectTarget } from './after-login';
import { loginMachine } from './login.actor';

export default function LoginRoute() {
  const config = useAppConfig();
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const actor = useActorRef(loginMachine);
  const view = useSelector(actor, selectSignInView);

  useEffect(() => {
    if (!view.succeeded) return;
    // The token is stored: the session (and its idle timeout) starts.
    session.signedIn();
    navigate(takeRedirectTarget(), { replace: true });
  }, [view.succeeded, navigate, session]);

  return (
    <LoginView
      productTitle={config.productTitle}
      busy={view.busy || view.succeeded}
      failure={view.failure}
      language={i18n.language}
      showLanguageSelect={config.login.languageChange}
      showForgotPassword={config.login.forgotPassword}
      onSubmit={(payload) => actor.send({ type: 'form.submit', payload })}
      onEdit={() => actor.send({ type: 'form.edit' })}
      onLanguageChange={(lang) => void changeLanguage(i18n, lang)}
      onNavigate={(to) => navigate(to)}
    />
  );
}
