import type { AnchorHTMLAttributes, MouseEvent } from 'react';

export interface NavAnchorProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  onNavigate: (to: string) => void;
}

/**
 * A real link (href, middle-click and "open in new tab" keep working) whose plain clicks are
 * handed to the app's router through `onNavigate`, so views need no router of their own.
 */
export function NavAnchor({ to, onNavigate, onClick, ...rest }: NavAnchorProps) {
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    onNavigate(to);
  };
  return <a href={to} onClick={handle} {...rest} />;
}
