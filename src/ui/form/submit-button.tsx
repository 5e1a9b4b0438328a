import { Button } from '../primitives/button';
import './form.css';

/** The form's submit button; while busy it says so, shows a spinner and cannot be pressed again. */
export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <Button type="submit" variant="accent" block disabled={busy} aria-busy={busy || undefined}>
      {busy ? <span className="form-spinner" aria-hidden="true" /> : null}
      {busy ? busyLabel : label}
    </Button>
  );
}
