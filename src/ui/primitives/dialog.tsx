import type { ReactNode } from 'react';
import { lazyPart } from './lazy-part';

export interface ModalProps {
  open: boolean;
  /** Called with false when the user dismisses the dialog (only when `dismissable`). */
  onOpenChange?: (open: boolean) => void;
  /** SPEC §9: modal dialogs can be dismissed (Escape, backdrop click) unless stated otherwise.
   * A confirmation (role 'alertdialog') never is, whatever this says. */
  dismissable?: boolean;
  title?: ReactNode;
  /** Screen readers need a name even when no title is shown. */
  fallbackTitle: string;
  /** Text that describes the dialog (announced with its name). */
  description?: ReactNode;
  /** Extra class(es) on the panel, e.g. 'confirm'. */
  panelClassName?: string;
  /** 'alertdialog' for every confirmation: it then closes only through its buttons. */
  role?: 'dialog' | 'alertdialog';
  children?: ReactNode;
  footer?: ReactNode;
  testId?: string;
}

// ADR 071: Radix Dialog and what it brings (focus trap, scroll lock, 11 KB brotli) load when a modal
// first opens, or once the signed-in layout has drawn its page (preloadModal), not before the first paint.
const modalPanel = lazyPart(() => import('./dialog-panel').then((m) => m.ModalPanel));

/** Loads the modal's code ahead of its first opening. */
export const preloadModal = modalPanel.preload;

/** A centred modal panel with a backdrop (./dialog-panel.tsx); nothing until it first opens. */
export function Modal(props: ModalProps) {
  const Panel = modalPanel.useLoaded(props.open);
  return Panel ? <Panel {...props} /> : null;
}
