import { Dialog, VisuallyHidden } from 'radix-ui';
import type { ModalProps } from './dialog';
import './dialog.css';

// The open modal, with Radix Dialog: loaded by ./dialog.tsx once a modal first opens (ADR 071).

/** A centred modal panel with a backdrop, built on Radix Dialog (focus trap, scroll lock, aria). */
export function ModalPanel({
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
  // A confirmation (role alertdialog) closes only through its buttons (SPEC §2 "Confirmation modal"):
  // neither Escape nor an outside click answers it, whoever renders it.
  const closable = dismissable && role !== 'alertdialog';
  const block = (e: Event) => {
    if (!closable) e.preventDefault();
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
