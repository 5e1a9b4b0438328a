import { useTranslation } from 'react-i18next';
import './loading-overlay.css';

export interface LoadingOverlayProps {
  /** Shown under the spinner; screen readers hear "Loading..." when absent. */
  text?: string;
  /** Cover the whole page instead of the nearest positioned container. */
  fullPage?: boolean;
}

/** SPEC §2: a spinner with optional text, covering the page or its container. */
export function LoadingOverlay({ text, fullPage = false }: LoadingOverlayProps) {
  const { t } = useTranslation();
  return (
    <div
      className={`loading-overlay${fullPage ? ' loading-overlay--page' : ''}`}
      role="status"
      aria-live="polite"
      aria-busy="true"
      data-testid="loading-overlay"
    >
      <span className="loading-overlay__spinner" aria-hidden="true" />
      {text ? <span className="loading-overlay__text">{text}</span> : <span className="visually-hidden">{t('common:loading')}</span>}
    </div>
  );
}
