import type { ReactNode } from 'react';
import { Dialog, VisuallyHidden } from 'radix-ui';
import './dialog.css';

export interface ModalProps {
  open: boolean;
  /** Called with false when the user dismisses the dialog (only when `dismissable`). */
  onOpenChange?: (open: boolean) => void;
  /** SPEC §9: modal dialogs can be dismissed (Escape, backdrop click) unless stated otherwise. */
  dismissable?: boolean;
  title?: ReactNode;
  /** Screen readers need a name even when no title is shown. */
  fallbackTitle: string;
  /** Text that describes the dialog (announced with its name). */
  description?: ReactNode;
  /** Extra class(es) on the panel, e.g. 'confirm'. */
  panelClassName?: string;
  role?: 'dialog' | 'alertdialog';
  children?: ReactNode;
  footer?: ReactNode;
  testId?: string;
}

/** A centred modal panel with a backdrop, built on Radix Dialog (focus trap, scroll lock, aria). */
export function Modal({
  open,
  onOpenChange,
  dismissable = true,
  title,
  fallbackTitle,
  description,
  panelClassName,
  role = 'dialog',
  children,
  footer,
  testId,
}: ModalProps) {
  const block = (e: Event) => {
    if (!dismissable) e.preventDefault();
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className={['dialog-panel', panelClassName].filter(Boolean).join(' ')}
          role={role}
          data-testid={testId}
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          {title ? (
            <Dialog.Title className="dialog-title">{title}</Dialog.Title>
          ) : (
            <VisuallyHidden.Root asChild>
              <Dialog.Title>{fallbackTitle}</Dialog.Title>
            </VisuallyHidden.Root>
          )}
          {description ? <Dialog.Description className="dialog-description">{description}</Dialog.Description> : null}
          {children}
          {footer ? <div className="dialog-footer">{footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
