/**
 * How long after the load event the task waits: a page's largest paint can follow its load event
 * by the time its data takes (a lesson's text by its course's answer), and a fetch started before
 * that paint competes with the page's own requests for a phone's bandwidth.
 */
export const AFTER_PAGE_LOAD_DELAY_MS = 3000;
/** How long an idle moment is waited for at most, after that delay. */
export const AFTER_PAGE_LOAD_IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `task` once the page has loaded (the load event: its scripts, styles and first pictures are
 * in), settled (AFTER_PAGE_LOAD_DELAY_MS) and the browser is idle: work that must not compete with
 * the page's first paint for the network or the main thread, such as fetching code the page will
 * want later (ADR 071). Returns a function that cancels it.
 */
export function afterPageLoad(task: () => void): () => void {
  let cancelled = false;
  let idle: number | undefined;
  const whenIdle = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(task, { timeout: AFTER_PAGE_LOAD_IDLE_TIMEOUT_MS });
    else task();
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const settle = () => {
    timer = setTimeout(whenIdle, AFTER_PAGE_LOAD_DELAY_MS);
  };
  if (document.readyState === 'complete') settle();
  else window.addEventListener('load', settle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', settle);
    clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}
