import { useSyncExternalStore } from 'react';
import { SIDE_PANEL_MIN_WIDTH } from '../../config/constants';

/** Phone layout (mobile header + bottom bar) below this width. */
export const PHONE_MAX_WIDTH = 767;

export interface Viewport {
  phone: boolean;
  wide: boolean;
}

function read(): string {
  if (typeof window === 'undefined') return '0,1';
  // matchMedia agrees with CSS media queries (scrollbars, zoom); innerWidth is the fallback for jsdom.
  if (typeof window.matchMedia === 'function') {
    const phone = window.matchMedia(`(max-width: ${PHONE_MAX_WIDTH}.98px)`).matches;
    const wide = window.matchMedia(`(min-width: ${SIDE_PANEL_MIN_WIDTH}px)`).matches;
    return `${Number(phone)},${Number(wide)}`;
  }
  const w = window.innerWidth;
  return `${Number(w <= PHONE_MAX_WIDTH)},${Number(w >= SIDE_PANEL_MIN_WIDTH)}`;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** Which of the layout's breakpoints apply now; re-renders when the window is resized. */
export function useViewport(): Viewport {
  // A string snapshot keeps useSyncExternalStore's identity check cheap and stable.
  const snap = useSyncExternalStore(subscribe, read, () => '0,1');
  const [phone, wide] = snap.split(',');
  return { phone: phone === '1', wide: wide === '1' };
}
