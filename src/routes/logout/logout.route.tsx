import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { LogoutView } from '../../ui/logout/logout-view';
import { useAppConfig } from '../app-context';
import { performLogout } from './perform-logout';

/** Dialogs of the signed-in pages close with them: this page is outside the layout. */
export default function LogoutRoute() {
  const config = useAppConfig();
  const navigate = useNavigate();
  // Once per visit, also under StrictMode's double effect run.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void performLogout().then(() => navigate('/', { replace: true }));
  }, [navigate]);

  return <LogoutView productTitle={config.productTitle} onNavigate={(to) => navigate(to)} />;
}
