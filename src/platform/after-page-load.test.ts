import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AFTER_PAGE_LOAD_DELAY_MS, AFTER_PAGE_LOAD_IDLE_TIMEOUT_MS, afterPageLoad } from './after-page-load';

// ADR 071: code wanted later is fetched after the page's load event, once the page has settled, in
// an idle moment: never while the page is still drawing.
describe('afterPageLoad', () => {
  const readyState = vi.spyOn(document, 'readyState', 'get');
  const idle = vi.fn((_task: IdleRequestCallback, _options?: IdleRequestOptions) => 7);
  const cancelIdle = vi.fn();
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', idle);
    vi.stubGlobal('cancelIdleCallback', cancelIdle);
  });
  afterEach(() => {
    readyState.mockReset();
    idle.mockClear();
    cancelIdle.mockClear();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('waits for the load event, then the settling delay, then an idle moment', () => {
    readyState.mockReturnValue('interactive');
    const task = vi.fn();
    afterPageLoad(task);
    vi.advanceTimersByTime(AFTER_PAGE_LOAD_DELAY_MS * 2);
    expect(idle).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(AFTER_PAGE_LOAD_DELAY_MS - 1);
    expect(idle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(idle).toHaveBeenCalledTimes(1);
    expect(idle.mock.calls[0][1]).toEqual({ timeout: AFTER_PAGE_LOAD_IDLE_TIMEOUT_MS });
    expect(task).not.toHaveBeenCalled();
    idle.mock.calls[0][0]({ didTimeout: false, timeRemaining: () => 10 });
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('on a page already loaded, waits for the delay and an idle moment; cancelled, runs nothing', () => {
    readyState.mockReturnValue('complete');
    const cancel = afterPageLoad(vi.fn());
    vi.advanceTimersByTime(AFTER_PAGE_LOAD_DELAY_MS);
    expect(idle).toHaveBeenCalledTimes(1);
    cancel();
    expect(cancelIdle).toHaveBeenCalledWith(7);
    // Cancelled before the load event, or during the delay: nothing starts.
    readyState.mockReturnValue('loading');
    afterPageLoad(vi.fn())();
    window.dispatchEvent(new Event('load'));
    readyState.mockReturnValue('complete');
    afterPageLoad(vi.fn())();
    vi.advanceTimersByTime(AFTER_PAGE_LOAD_DELAY_MS * 2);
    expect(idle).toHaveBeenCalledTimes(1);
  });
});
