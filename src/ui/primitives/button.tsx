import type { AnchorHTMLAttributes, ButtonHTMLAttributes, Ref } from 'react';
import './button.css';

export type ButtonVariant = 'accent' | 'primary' | 'secondary' | 'danger' | 'ghost';

function classes(variant: ButtonVariant, block: boolean, extra?: string): string {
  return ['btn', `btn--${variant}`, block ? 'btn--block' : '', extra ?? ''].filter(Boolean).join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  block?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** `type` defaults to "button" so a button inside a form never submits by accident. */
export function Button({ variant = 'secondary', block = false, className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={classes(variant, block, className)} {...rest} />;
}

export interface ButtonLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  variant?: ButtonVariant;
  block?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

/** A link that looks like a button (navigation stays a link for assistive technology). */
export function ButtonLink({ variant = 'accent', block = false, className, ...rest }: ButtonLinkProps) {
  return <a className={classes(variant, block, className)} {...rest} />;
}
