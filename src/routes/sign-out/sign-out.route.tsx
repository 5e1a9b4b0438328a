import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { SignOutView } from '../../ui/sign-out/sign-out-view';
import { useAppConfig } from '../app-context';
import { useSession } from '../session/session-provider';

/** Dialogs of the signed-in pages close with them: this page is outside the layout. */
export default function LogoutRoute() {
  const config = useAppConfig();
  const navigate = useNavigate();
  const session = useSession();
  // Once per visit, also under StrictMode's double effect run.
  const started = useRef(false);

  // The session logs out (SPEC §4: server call, then clearing whatever it answered) and goes to
  // the root path itself; a session that already ends on its own ignores this.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    session.logout();
  }, [session]);

  return <SignOutView productTitle={config.productTitle} onNavigate={(to) => navigate(to)} />;
}
