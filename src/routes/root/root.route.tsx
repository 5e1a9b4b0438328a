import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router-dom';
import { PRODUCT_TITLE } from '../../config/constants';
import { useAppConfig } from '../app-context';
import { navTitles, routeTitle } from '../layout/page-title';
import { AppDownloadGate } from './app-download-gate';
import { documentTitle } from './document-title';

/** Route data flag: the route runs the mobile check (the signed-in layout). */
export interface MobileCheckHandle {
  mobileCheck?: boolean;
}

/** Above every page: keeps the document title in step with the route and the language. */
export function RootRoute() {
  const matches = useMatches();
  const { t, i18n } = useTranslation();
  const config = useAppConfig();
  // The product's own name in the interface language (issue 43), unless the server names it otherwise.
  const product = config.productTitle === PRODUCT_TITLE ? t('common:product_title') : config.productTitle;
  // The long variant: the tab title is not squeezed like a phone header.
  const title = documentTitle(routeTitle(matches, i18n.language, Infinity, navTitles(i18n)), product);
  const mobileChecked = matches.some((m) => (m.handle as MobileCheckHandle | undefined)?.mobileCheck === true);

  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <>
      <Outlet />
      <AppDownloadGate active={mobileChecked} />
    </>
  );
}
