import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { courseListMachine, ListQuery } from '../../machines/course-list/course-list.machine';
import { selectListView, type CourseListView } from '../../machines/course-list/course-list.selectors';
import { withFilter, withoutFilters, withPage } from './list-params';

/** A list page's machine, fed with the query read from the address. */
export function useListMachine<I>(machine: typeof courseListMachine, query: ListQuery): { view: CourseListView<I>; retry: () => void } {
  const actor = useActorRef(machine, { input: { query } });
  // The machine compares by value, so sending the same query on every render is harmless.
  useEffect(() => {
    actor.send({ type: 'query.change', query });
  });
  const view = useSelector(actor, (s) => selectListView<I>(s), sameView);
  return { view, retry: () => actor.send({ type: 'retry' }) };
}

function sameView(a: CourseListView<unknown>, b: CourseListView<unknown>): boolean {
  return a.status === b.status && a.result === b.result && a.pages === b.pages && JSON.stringify(a.failure) === JSON.stringify(b.failure);
}

/** Filter and page changes as new addresses (each a history entry, so Back undoes it). */
export function useListNavigation(filterNames: readonly string[]) {
  const [params, setParams] = useSearchParams();
  return {
    params,
    setFilter: (name: string, value: string) => setParams(withFilter(params, name, value)),
    clear: () => setParams(withoutFilters(params, filterNames)),
    setPage: (page: number) => setParams(withPage(params, page)),
  };
}
