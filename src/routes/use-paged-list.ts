import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ListQuery, PagedListMachine } from '../machines/paged-list/paged-list.machine';
import { selectListView, type PagedListView } from '../machines/paged-list/paged-list.selectors';

/** A list page's machine (a `paged-list` provided in the page's actor file), fed with the query
 * the page reads from its address; React only sends the query and reads the view. */
export function usePagedList<Item, Query extends ListQuery>(machine: PagedListMachine<Item, Query>, query: Query): { view: PagedListView<Item>; retry: () => void } {
  const actor = useActorRef(machine, { input: { query } });
  // The machine compares by value, so sending the same query on every render is harmless.
  useEffect(() => {
    actor.send({ type: 'query.change', query });
  });
  const view = useSelector(actor, (s) => selectListView<Item>(s), sameView);
  return { view, retry: () => actor.send({ type: 'retry' }) };
}

function sameView(a: PagedListView<unknown>, b: PagedListView<unknown>): boolean {
  return a.status === b.status && a.result === b.result && a.pages === b.pages && JSON.stringify(a.failure) === JSON.stringify(b.failure);
}
