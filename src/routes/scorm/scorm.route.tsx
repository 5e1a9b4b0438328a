import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { commitScormRuntimeOnClose } from '../../api/scorm.api';
import { selectScormView } from '../../machines/scorm/scorm.selectors';
import { createScormJournal } from '../../platform/storage/scorm-journal';
import { ScormLauncherView } from '../../ui/scorm/scorm-launcher-view';
import { scormLauncherLogic } from './scorm.actor';

/**
 * The launcher of one SCORM item on the course page (ADR 029). When this window goes away
 * (closed, reloaded, navigated) the newest unconfirmed commit leaves with a keepalive fetch.
 * `onClosed` lets the page refresh the item's progress from the server.
 */
export function ScormLauncher({ itemId, title, onClosed }: { itemId: string; title: string; onClosed?: () => void }) {
  const [journal] = useState(() => createScormJournal());
  const [logic] = useState(() => scormLauncherLogic(itemId, { journal }));
  const actor = useActorRef(logic, { input: { itemId } });
  const view = useSelector(actor, selectScormView);

  // Every commit the SCO made is in the journal until the server confirmed it (ADR 029).
  useEffect(() => {
    const subscription = actor.subscribe((s) => {
      if (s.context.pending) journal.write(itemId, s.context.pending);
    });
    return () => subscription.unsubscribe();
  }, [actor, itemId, journal]);

  useEffect(() => {
    const flush = () => {
      const pending = actor.getSnapshot().context.pending;
      if (pending) commitScormRuntimeOnClose(itemId, pending);
    };
    const online = () => actor.send({ type: 'network.online' });
    window.addEventListener('pagehide', flush);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('pagehide', flush);
      window.removeEventListener('online', online);
    };
  }, [actor, itemId]);

  const closed = view.status === 'closed';
  useEffect(() => {
    if (closed) onClosed?.();
  }, [closed, onClosed]);

  return <ScormLauncherView {...view} title={title} onOpen={() => actor.send({ type: 'open' })} onRetry={() => actor.send({ type: 'retry' })} />;
}
