import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { AppErrorView } from '../../ui/app-error/app-error-view';

/** A page that failed to load (e.g. its code chunk after a deploy) shows this, not a blank page. */
export function RootError() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <AppErrorView
      title={t('pages:app_error.title')}
      message={t('pages:app_error.message')}
      reloadLabel={t('pages:app_error.reload')}
      onReload={() => window.location.reload()}
    />
  );
}
