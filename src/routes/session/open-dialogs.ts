// SPEC §4: logout closes dialogs. Dialogs rendered by routes close with their page when the
// logout navigates away; a dialog that lives longer than its page registers here to be closed too.
const closers = new Set<() => void>();

/** Registers a dialog's close function; call the returned function when the dialog goes. */
export function registerDialog(close: () => void): () => void {
  closers.add(close);
  return () => {
    closers.delete(close);
  };
}

export function closeAllDialogs(): void {
  for (const close of [...closers]) {
    closers.delete(close);
    close();
  }
}
