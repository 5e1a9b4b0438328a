import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setKeepOnScreen } from '../../platform/storage/token-storage';
import { closeAllDialogs, registerDialog } from './open-dialogs';
import { holdPageLoading, isPageBusy, isPageLoading, usePageLoading } from './page-busy';

describe('page busy (SPEC §4 rule 2)', () => {
  it('is busy while any loading holder remains', () => {
    expect(isPageBusy()).toBe(false);
    const a = holdPageLoading();
    const b = holdPageLoading();
    a();
    expect(isPageBusy()).toBe(true);
    b();
    expect(isPageLoading()).toBe(false);
    expect(isPageBusy()).toBe(false);
  });

  it("is busy while keep_on_screen holds the string 'true'", () => {
    setKeepOnScreen(true);
    expect(sessionStorage.getItem('keep_on_screen')).toBe('true');
    expect(isPageBusy()).toBe(true);
    sessionStorage.setItem('keep_on_screen', 'yes');
    expect(isPageBusy()).toBe(false);
  });

  it('usePageLoading raises the flag while loading and mounted', () => {
    const { rerender, unmount } = renderHook(({ loading }) => usePageLoading(loading), { initialProps: { loading: true } });
    expect(isPageLoading()).toBe(true);
    rerender({ loading: false });
    expect(isPageLoading()).toBe(false);
    rerender({ loading: true });
    unmount();
    expect(isPageLoading()).toBe(false);
  });
});

describe('open dialogs', () => {
  it('closes every registered dialog once, and not one that went away', () => {
    const closed: string[] = [];
    registerDialog(() => closed.push('a'));
    const gone = registerDialog(() => closed.push('b'));
    gone();
    closeAllDialogs();
    closeAllDialogs();
    expect(closed).toEqual(['a']);
  });
});
