import { lazy, Suspense, useState } from 'react';
import { isAppDownloadDismissed, rememberAppDownloadDismissed } from '../../platform/storage/app-download-storage';
import { useAppConfig } from '../app-context';
import { getMobilePlatform } from '../guards';
import { shouldOfferApp } from './app-download';

// Loaded only for the phones that need it: the first page stays small.
const AppDownloadDialog = lazy(() => import('../../ui/dialogs/app-download-dialog').then((m) => ({ default: m.AppDownloadDialog })));

/** Opens the app-download dialog on pages where the mobile check ran (the signed-in layout). */
export function AppDownloadGate({ active }: { active: boolean }) {
  const config = useAppConfig();
  // Once closed it stays closed for the browser session, across full page loads (issue 43 item 20).
  const [dismissed, setDismissed] = useState(isAppDownloadDismissed);
  const open = active && !dismissed && shouldOfferApp(config.downloadApp, getMobilePlatform());
  if (!open) return null;
  const close = () => {
    rememberAppDownloadDismissed();
    setDismissed(true);
  };
  return (
    <Suspense fallback={null}>
      <AppDownloadDialog open link={config.downloadApp.link} canClose={config.downloadApp.closable} onClose={close} />
    </Suspense>
  );
}
