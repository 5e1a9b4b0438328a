import './app-error-view.css';

export interface AppErrorViewProps {
  /** Texts come translated by the caller: at boot there may be no i18n provider yet. */
  title: string;
  message: string;
  reloadLabel: string;
  onReload: () => void;
}

/** What the user sees instead of a blank page when the app cannot start or a page cannot load. */
export function AppErrorView({ title, message, reloadLabel, onReload }: AppErrorViewProps) {
  return (
    <main className="app-error-view" id="main-content" role="alert">
      <h1>{title}</h1>
      <p>{message}</p>
      <button type="button" className="app-error-view__reload" onClick={onReload}>
        {reloadLabel}
      </button>
    </main>
  );
}
