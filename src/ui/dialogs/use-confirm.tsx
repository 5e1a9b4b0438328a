import { useCallback, useRef, useState, type ReactNode } from 'react';
import { ConfirmationModal, type ConfirmationOptions } from './confirmation-modal';

interface Pending {
  options: ConfirmationOptions;
  open: boolean;
}

/**
 * Promise-based confirmation: `if (await confirm({ content })) …`. Render `dialog` once in the
 * component. A new request while one is open answers the previous one with false.
 */
export function useConfirm(): { confirm: (options: ConfirmationOptions) => Promise<boolean>; dialog: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null);
  const resolver = useRef<((confirmed: boolean) => void) | null>(null);

  const confirm = useCallback((options: ConfirmationOptions) => {
    resolver.current?.(false);
    setPending({ options, open: true });
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const close = useCallback((confirmed: boolean) => {
    resolver.current?.(confirmed);
    resolver.current = null;
    // Keep the options while the close animation runs.
    setPending((p) => (p ? { ...p, open: false } : p));
  }, []);

  const dialog = pending ? <ConfirmationModal {...pending.options} open={pending.open} onClose={close} /> : null;
  return { confirm, dialog };
}
