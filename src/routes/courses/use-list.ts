import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { withFilter, withoutFilters, withPage } from './list-params';

/**
 * Filter and page changes as new addresses (each a history entry, so Back undoes it).
 * A change builds on the address last asked for, not only on the one rendered: the router renders
 * a new address as a React transition, so a second change made before that render (two filters
 * in quick succession on a slow device) would otherwise drop the first one.
 */
export function useListNavigation(filterNames: readonly string[]) {
  const [params, setParams] = useSearchParams();
  // The address last asked for, until an address is rendered (that one, or another after Back).
  const asked = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    asked.current = null;
  }, [params]);
  // Read in event handlers only.
  const latest = () => asked.current ?? params;
  const go = (next: URLSearchParams) => {
    asked.current = next;
    setParams(next);
  };
  return {
    params,
    setFilter: (name: string, value: string) => go(withFilter(latest(), name, value)),
    clear: () => go(withoutFilters(latest(), filterNames)),
    setPage: (page: number) => go(withPage(latest(), page)),
  };
}
