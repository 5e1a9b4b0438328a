import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router-dom';
import { ComingSoonView } from '../../ui/coming-soon/coming-soon-view';
import { navTitles, routeTitle } from '../layout/page-title';
import { viewportWidth } from '../../i18n';

/** Every layout page whose feature comes with a later issue: its title (from the route data) and
 * an honest note. */
export default function ComingSoonRoute() {
  const matches = useMatches();
  const { i18n } = useTranslation();
  return <ComingSoonView title={routeTitle(matches, i18n.language, viewportWidth(), navTitles(i18n))} />;
}
