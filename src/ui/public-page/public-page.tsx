import type { ReactNode } from 'react';
import { LogoMark } from '../layout/logo-mark';
import './public-page.css';

export interface PublicPageProps {
  /** The product's display title, shown beside the logo. */
  productTitle: string;
  heading?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** Wider card for reading text (the disclaimer). */
  wide?: boolean;
}

/** The frame of the pages outside the signed-in layout: sign-in, forgot password, logout, disclaimer. */
export function PublicPage({ productTitle, heading, children, footer, wide = false }: PublicPageProps) {
  return (
    <div className="public-page">
      <main className={`public-page__card${wide ? ' public-page__card--wide' : ''}`} id="main-content">
        <div className="public-page__brand">
          <LogoMark size={40} />
          <span>{productTitle}</span>
        </div>
        {heading ? <h1 className="public-page__heading">{heading}</h1> : null}
        {children}
      </main>
      {footer ? <footer className="public-page__footer">{footer}</footer> : null}
    </div>
  );
}
