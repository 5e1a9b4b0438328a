import { useActorRef, useSelector } from '@xstate/react';
import { selectHomeSummaryView } from '../../machines/home-summary/home-summary.selectors';
import { HomeSummaryView } from '../../ui/home-summary/home-summary-view';
import { homeSummaryRouteMachine } from './home-summary.actor';
import { HomeSummaryNamespace } from './home-summary-namespace';

/**
 * The home page's summary (issue 45): not a page of its own but the lazy part of /main, imported
 * after the first paint with its texts (main.route.tsx), so the first page's budget holds.
 */
export default function HomeSummaryPanel({ onNavigate }: { onNavigate: (to: string) => void }) {
  const actor = useActorRef(homeSummaryRouteMachine);
  const view = useSelector(actor, selectHomeSummaryView);
  return (
    <HomeSummaryNamespace>
      <HomeSummaryView {...view} onRetry={() => actor.send({ type: 'retry' })} onNavigate={onNavigate} />
    </HomeSummaryNamespace>
  );
}
