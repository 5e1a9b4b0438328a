import { useTranslation } from 'react-i18next';
import { Dialog } from 'radix-ui';
import { Button } from '../primitives/button';
import { NavIcon } from './nav-icons';
import type { SideDrawerProps } from './side-drawer';

/** SPEC §2: the side navigation as a modal overlay with a backdrop, with Radix Dialog: loaded by
 * ./side-drawer.tsx once the drawer first opens (ADR 071). */
export function SideDrawerPanel({ open, onOpenChange, children }: SideDrawerProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="side-drawer__backdrop" data-testid="side-drawer-backdrop" />
        <Dialog.Content className="side-drawer" data-testid="side-drawer" aria-describedby={undefined}>
          <div className="side-drawer__top">
            <Dialog.Title className="side-drawer__title">{t('layout:menu')}</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" aria-label={t('layout:close_menu')}>
                <NavIcon name="close" />
              </Button>
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
