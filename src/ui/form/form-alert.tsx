import type { ReactNode } from 'react';
import type { FailureView } from '../../machines/shared/submission-error';
import './form.css';

/** A failed submission: the server's own (translated) words, or the page's generic text. */
export function FormAlert({ failure, genericText }: { failure: FailureView; genericText: string }) {
  if (!failure) return null;
  return (
    <div className="form-alert" role="alert">
      {failure.kind === 'server' ? failure.message : genericText}
    </div>
  );
}

/** A confirmation after a successful submission (announced politely). */
export function FormSuccess({ children }: { children: ReactNode }) {
  return (
    <div className="form-success" role="status">
      {children}
    </div>
  );
}
