import { useEffect } from 'react';
import { isKeepOnScreen } from '../../platform/storage/token-storage';

// SPEC §4 rule 2: a busy page (page-loading flag set, or keep_on_screen === 'true') is refreshed
// silently at the warning threshold instead of showing the timeout box. Several overlays may be
// up at once, so the flag is a count of holders rather than one boolean.
const holders = new Set<symbol>();

/** Raises the page-loading flag until the returned function is called. */
export function holdPageLoading(): () => void {
  const holder = Symbol('page-loading');
  holders.add(holder);
  return () => {
    holders.delete(holder);
  };
}

export function isPageLoading(): boolean {
  return holders.size > 0;
}

export function isPageBusy(): boolean {
  return isPageLoading() || isKeepOnScreen();
}

/** The page-loading flag, raised while `loading` is true and the component is mounted. */
export function usePageLoading(loading: boolean): void {
  useEffect(() => (loading ? holdPageLoading() : undefined), [loading]);
}
