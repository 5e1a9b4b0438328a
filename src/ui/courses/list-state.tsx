import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FailureView } from '../../machines/shared/submission-error';
import { LoadingOverlay } from '../layout/loading-overlay';
import { Button } from '../primitives/button';

export interface ListStateProps {
  status: 'loading' | 'loaded' | 'empty' | 'failed';
  failure: FailureView;
  loadingText: string;
  emptyText: string;
  /** Shown on failure when the server gave no message of its own. */
  failedText: string;
  onRetry: () => void;
  /** The list (kept visible under the spinner while the next page loads). */
  children?: ReactNode;
}

/** Loading, empty and failed states around a list, with translated texts and a retry. */
export function ListState({ status, failure, loadingText, emptyText, failedText, onRetry, children }: ListStateProps) {
  const { t } = useTranslation();
  return (
    <div className="list-state" aria-busy={status === 'loading'}>
      {status === 'failed' ? (
        <div role="alert" className="list-state__error">
          <p>{failure?.kind === 'server' ? failure.message : failedText}</p>
          <Button onClick={onRetry}>{t('courses:retry')}</Button>
        </div>
      ) : null}
      {status === 'empty' ? <p className="list-state__empty">{emptyText}</p> : null}
      {status === 'loading' ? <LoadingOverlay text={loadingText} /> : null}
      {status !== 'failed' && status !== 'empty' ? children : null}
    </div>
  );
}
