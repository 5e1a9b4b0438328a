import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonVariant } from '../primitives/button';
import { Modal } from '../primitives/dialog';
import './dialogs.css';

export type ConfirmColor = Exclude<ButtonVariant, 'ghost'>;

export interface ConfirmationOptions<D = unknown> {
  title?: ReactNode;
  /** Plain text; its line breaks are kept. */
  content?: string;
  /** Custom content (the spec's "content template"). */
  children?: ReactNode;
  /** The spec's "content component with data": rendered with `data`. */
  render?: (data: D) => ReactNode;
  data?: D;
  cancelLabel?: string;
  confirmLabel?: string;
  confirmColor?: ConfirmColor;
  /** Extra panel class(es); the panel always has 'confirm'. */
  panelClass?: string;
  onConfirm?: () => void;
  onCancel?: () => void;
}

export interface ConfirmationModalProps<D = unknown> extends ConfirmationOptions<D> {
  open: boolean;
  /** Called after onConfirm/onCancel; the owner sets `open` to false. */
  onClose?: (confirmed: boolean) => void;
}

/** SPEC §2 "Confirmation modal": it closes only through its buttons (no Escape, no outside click). */
export function ConfirmationModal<D = unknown>({
  open,
  title,
  content,
  children,
  render,
  data,
  cancelLabel,
  confirmLabel,
  confirmColor = 'accent',
  panelClass,
  onConfirm,
  onCancel,
  onClose,
}: ConfirmationModalProps<D>) {
  const { t } = useTranslation();
  const cancel = () => {
    onCancel?.();
    onClose?.(false);
  };
  const confirm = () => {
    onConfirm?.();
    onClose?.(true);
  };
  return (
    <Modal
      open={open}
      dismissable={false}
      onOpenChange={(next) => (next ? undefined : cancel())}
      role="alertdialog"
      title={title}
      fallbackTitle={t('dialogs:confirm_title')}
      description={content ? <span className="confirm-text">{content}</span> : undefined}
      panelClassName={['confirm', panelClass].filter(Boolean).join(' ')}
      testId="confirmation-modal"
      footer={
        <>
          <Button variant="secondary" onClick={cancel}>
            {cancelLabel ?? t('common:cancel')}
          </Button>
          <Button variant={confirmColor} onClick={confirm}>
            {confirmLabel ?? t('common:confirm')}
          </Button>
        </>
      }
    >
      {children || render ? (
        <div className="dialog-body">
          {children}
          {render ? render(data as D) : null}
        </div>
      ) : null}
    </Modal>
  );
}
