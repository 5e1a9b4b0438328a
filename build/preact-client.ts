// What `react-dom/client` is in the app's production build (vite.config.ts aliases it here; ADR 035):
// preact/compat's createRoot, with the passive effects scheduled the way React schedules them.
//
// React runs useEffect callbacks, and the cleanups of unmounted components, in a task of its own
// scheduler posted through a MessageChannel. Preact runs them after the next animation frame, or
// after a 35 ms timer when no frame comes. Both of those stop in a hidden tab (no frames; timers
// throttled to 1 s, then to once a minute), and both are frozen by a paused or mocked clock. The
// app relies on effects for what it does without a paint: the session and tab sync, the on-screen
// timers, focus and aria-hidden of dialogs (radix-ui releases the page in an effect cleanup). So the
// effects here run in a MessageChannel task too, as under React. options.requestAnimationFrame is
// Preact's documented hook for this (preact/src/index.d.ts, `Options`).
import { options } from 'preact';

export { createRoot, hydrateRoot } from 'preact/compat/client';

const channel = new MessageChannel();
const pending: (() => void)[] = [];
channel.port1.onmessage = () => {
  for (const callback of pending.splice(0)) callback();
};
options.requestAnimationFrame = (callback) => {
  if (pending.push(callback) === 1) channel.port2.postMessage(null);
};
