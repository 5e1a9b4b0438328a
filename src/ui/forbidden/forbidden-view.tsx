import { useTranslation } from 'react-i18next';
import { Button } from '../primitives/button';
import './forbidden-view.css';

export interface ForbiddenViewProps {
  /** The server's translated reason, if it gave one. */
  message: string | null;
  /** true: "Back to previous page"; false (opened directly): "Go to the home page". */
  canGoBack: boolean;
  onBack: () => void;
}

/**
 * A page whose data the server refused (403, issue 43): shown inside the app shell, so the menu
 * stays, with a way back. Never worded as a connection problem: the server did answer.
 */
export function ForbiddenView({ message, canGoBack, onBack }: ForbiddenViewProps) {
  const { t } = useTranslation();
  return (
    <section className="forbidden-view" aria-labelledby="forbidden-title" data-testid="forbidden-page">
      <h1 id="forbidden-title">{t('pages:forbidden.title')}</h1>
      <p>{message ?? t('pages:forbidden.message')}</p>
      <Button variant="accent" onClick={onBack}>
        {canGoBack ? t('pages:forbidden.back') : t('pages:forbidden.home')}
      </Button>
    </section>
  );
}
