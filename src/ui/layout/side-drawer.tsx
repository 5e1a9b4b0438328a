import type { ReactNode } from 'react';
import { lazyPart } from '../primitives/lazy-part';

export type SideDrawerProps = { open: boolean; onOpenChange: (open: boolean) => void; children: ReactNode };

// ADR 071: the drawer's Radix Dialog loads when it first opens, or once the layout has drawn its page.
const drawerPanel = lazyPart<SideDrawerProps>(() => import('./side-drawer-panel').then((m) => m.SideDrawerPanel));

/** Loads the drawer's code ahead of its first opening. */
export const preloadSideDrawer = drawerPanel.preload;

/** SPEC §2: the side navigation as a modal overlay with a backdrop (narrow screens or side nav disabled). */
export function SideDrawer(props: SideDrawerProps) {
  const Panel = drawerPanel.useLoaded(props.open);
  return Panel ? <Panel {...props} /> : null;
}
